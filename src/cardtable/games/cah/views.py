"""What each viewer may know, built only when asked.

public: the round, the black card, scores and trophies, who has submitted (not what), the
answers once revealed, in their shuffled anonymous order (K10), and the winning author once
announced; the authors of losing answers are never shown. A seat's part: its hand, what it
submitted and bet, its own answers in the shuffled order, its vote, and `next_round`: it joined
during the round in progress and plays from the next one (K24); game.py adds `can`, what it
may do now (legal.py's `affordances`). secret: the decks (as
sorted ids: a deck is an unordered pile, see dealing.py), Rando's hand (K12 guide) and his
unrevealed answers, the reserved haiku card (K17) and who wrote each answer.
Cards the table wrote (custom cards, texts on blank cards) carry `"userWritten": true`.
The discard pile is shown as a count only: its cards go back into the secret deck (K7).
No public count tells who wrote an answer: while answers of different sizes come in (the
guide's Packing Heat, K15) the white piles show their counts as the round opened.
"""

from __future__ import annotations

from .state import NO_CZAR, NO_VOTE, RANDO, Phase, State


def white_cards(state: State, cards) -> list[dict]:
    """White cards as views show them; a blank card carries the text written on it."""
    whites, writes = state.pool.white_json, state.writes  # `Pool.white`, inlined: the hot path
    if not writes:
        return [whites[card] for card in cards]
    return [
        {**whites[card], "text": writes[card], "userWritten": True}
        if card in writes
        else whites[card]
        for card in cards
    ]


def answer_cards(state: State, answer: int) -> list[dict]:
    return white_cards(state, state.answers[answer])


def _blacks(state: State, cards) -> list[dict]:
    return [state.pool.black(card) for card in cards]


def _secret_ids(cards) -> list[dict]:
    return [{"id": card} for card in cards]


def public_view(state: State) -> dict:
    rules = state.rules
    submitting = state.phase is Phase.SUBMIT
    white_deck, white_discard = state.piles_shown or (
        len(state.white_deck),
        len(state.white_discard),
    )
    seats = [
        {
            "seat": seat,
            "active": state.active[seat],
            "score": state.scores[seat],
            "trophies": _blacks(state, state.trophies[seat]),
            "handCount": len(state.hands[seat]),
            "submitted": submitting and state.submissions[seat] is not None,
            "bet": state.bets[seat] is not None,
        }
        for seat in range(state.seats)
    ]
    winner = None
    if state.ranking:
        author = state.authors[state.ranking[0]]
        winner = {
            "answer": state.ranking[0],
            "seat": None if author == RANDO else author,
            "rando": author == RANDO,
        }
    return {
        "preset": rules.options["preset"],
        "teams": rules.teams,
        "judging": rules.judging,
        "phase": state.phase.value,
        "round": state.round,
        "czar": None if state.czar == NO_CZAR else state.czar,
        "black": None if state.black < 0 else state.pool.black(state.black),
        "pick": state.pick,
        "finale": state.finale,
        "seats": seats,
        "rando": _rando_public(state),
        "answerCount": len(state.answers),
        "answers": [
            {"answer": answer, "cards": answer_cards(state, answer)}
            for answer in range(state.revealed if state.answers else 0)
        ],
        "eliminated": list(state.eliminated),
        "waitingFor": sorted(state.acting),
        "winner": winner,
        "neverHaveIEver": [
            {
                "card": state.pool.white(card),
                "by": state.nhie_played[card],
                "confessed": sorted(s for c, s in state.nhie_confessed if c == card),
            }
            for card in state.nhie_table
        ],
        "whiteDeckCount": white_deck,
        "whiteDiscardCount": white_discard,
        "blackDeckCount": len(state.black_deck),
        "blackUsed": _blacks(state, state.black_used),
        "blackRemoved": _blacks(state, state.black_removed),
        "deadline": state.deadline,
        "endsAt": state.end_time,
        "result": None if state.result is None else state.result.to_json(),
    }


def _rando_public(state: State) -> dict | None:
    variant = state.rules.rando
    if variant == "off":
        return None
    return {
        "variant": variant,
        "score": state.rando_score,
        "trophies": _blacks(state, state.rando_trophies),
        "handCount": len(state.rando_hand),
    }


def seat_view(state: State, seat: int) -> dict:
    submitted = state.submissions[seat]
    bet = state.bets[seat] if state.phase is Phase.SUBMIT else None
    return {
        "seat": seat,
        "hand": white_cards(state, state.hands[seat]),
        "submitted": None if submitted is None else white_cards(state, submitted),
        "bet": None if bet is None else white_cards(state, bet),
        "yourAnswers": [
            {"answer": answer, "cards": answer_cards(state, answer)}
            for answer, author in enumerate(state.authors)
            if author == seat
        ],
        "vote": None if state.votes[seat] == NO_VOTE else state.votes[seat],
        "next_round": seat in state.newcomers and state.result is None,
    }


def secret_view(state: State) -> dict:
    return {
        "whiteDeck": _secret_ids(sorted(state.white_deck)),
        "blackDeck": _secret_ids(sorted(state.black_deck)),
        "randoHand": _secret_ids(state.rando_hand),
        "reserved": _secret_ids(state.reserved),
        "authors": [None if author == RANDO else author for author in state.authors],
        "unrevealedRando": [
            {"answer": answer, "cards": answer_cards(state, answer)}
            for answer in range(state.revealed, len(state.answers))
            if state.authors[answer] == RANDO
        ],
    }
