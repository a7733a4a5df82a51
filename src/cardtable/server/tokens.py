"""Table codes, secret tokens and passwords: random where they must be, hashed when stored."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets

#: No 0/O, 1/I/L, 2/Z, 5/S, 8/B: nothing that reads or sounds like another character.
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(code: str) -> str | None:
    """The canonical code for what a person typed, or None if it cannot be one."""
    code = code.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """Tokens are 192 random bits, so one SHA-256 is enough to store them safely."""
    return hashlib.sha256(token.encode()).hexdigest()


def password_hash(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
    return f"scrypt${salt.hex()}${digest.hex()}"


def password_matches(password: str, stored: str) -> bool:
    _, salt, digest = stored.split("$")
    candidate = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=2**14, r=8, p=1)
    return hmac.compare_digest(candidate.hex(), digest)


async def hashed_password(password: str | None) -> str | None:
    """`password_hash` off the event loop (scrypt takes a while); None for no password."""
    if not password:
        return None
    return await asyncio.to_thread(password_hash, password)
