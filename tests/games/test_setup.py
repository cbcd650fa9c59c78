"""A deal's setup is data (issue 8 item 2): the dealer, the opener and any fixed
parameter go to ``new_deal`` as ``setup``, are stored with the deal and written
to records; old records and old databases still replay as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.blazen.variant import BLAZEN
from games.cards import card
from games.engine import IllegalAction, deal_setup
from games.marias.variant import VOLENY
from games.record import DealRecord, MatchRecord, load_record, parse_record, replay_match
from storage import Store
from storage.migrate import default_directory
from tests.storage.helpers import seated_table

RECORDS = Path(__file__).parent.parent / "blazen" / "records"


def test_a_seeded_blazen_deal_with_an_opener_equals_the_old_cards_based_deal() -> None:
    options = BLAZEN.options({"deck_size": 36})
    for seed in range(20):
        for opener in range(4):
            new = BLAZEN.new_deal(options, 4, {"dealer": 1, "opener": opener}, seed=seed)
            old = BLAZEN.new_deal(options, 4, 1, seed=seed, opener=opener)  # the older spelling
            assert old == new
            cards = BLAZEN.dealt_cards(old)
            assert "attacker" not in cards  # written as the setup now, never in the cards
            # how old records and databases carried it: still read
            from_cards = BLAZEN.new_deal(options, 4, 1, cards={**cards, "attacker": [str(opener)]})
            assert new.public_view() == from_cards.public_view()
            assert new.dealt == from_cards.dealt and new.opener == from_cards.opener == opener
            assert BLAZEN.setup_of(new) == {"dealer": 1, "opener": opener}
            assert BLAZEN.setup_of(from_cards) == {"dealer": 1, "opener": opener}
            # the setup alone rebuilds the deal from its seed: nothing dealt twice
            assert BLAZEN.new_deal(options, 4, BLAZEN.setup_of(new), seed=seed) == new


def test_blazen_cards_hold_cards_only_and_the_setup_the_rest() -> None:
    """Nothing of a deal is written twice: the opener is in the setup, never in the cards."""
    for values in ({}, {"deck_size": 24}, {"deck_size": 54, "trump_card": "next"}):
        options = BLAZEN.options(values)
        for seed in range(12):
            opener = None if seed % 3 == 0 else seed % 4
            state = BLAZEN.new_deal(options, 4, {"dealer": seed % 4, "opener": opener}, seed=seed)
            cards = BLAZEN.dealt_cards(state)
            for key, codes in cards.items():
                assert all(card(code) >= 0 for code in codes), key  # card codes, all of them
            assert set(cards) <= {"0", "1", "2", "3", "stock", "trump_card", "bito"}
            setup = BLAZEN.setup_of(state)
            assert setup == (
                {"dealer": seed % 4} if opener is None else {"dealer": seed % 4, "opener": opener}
            )
            assert BLAZEN.new_deal(options, 4, setup, cards=cards) == state.but(seed=None)
            assert BLAZEN.new_deal(options, 4, setup, seed=seed) == state


def test_setup_is_checked() -> None:
    options = BLAZEN.options()
    assert deal_setup(2) == {"dealer": 2}
    assert deal_setup({"dealer": 2}, 1) == {"dealer": 2, "opener": 1}
    for bad in ({}, {"dealer": "1"}, {"dealer": True}, {"dealer": 0, "opener": "x"}):
        with pytest.raises(IllegalAction):
            BLAZEN.new_deal(options, 3, bad, seed=1)
    with pytest.raises(IllegalAction):
        deal_setup({"dealer": 0, "opener": 1}, 2)
    with pytest.raises(IllegalAction):
        BLAZEN.new_deal(options, 3, {"dealer": 0, "opener": 5}, seed=1)
    with pytest.raises(IllegalAction, match="bito"):  # cards are cards, not setup
        BLAZEN.new_deal(options, 3, {"dealer": 0, "bito": []}, seed=1)
    with pytest.raises(IllegalAction):  # mariáš: the dealer's left always leads
        VOLENY.new_deal(VOLENY.options(), 3, {"dealer": 0, "opener": 2}, seed=1)
    with pytest.raises(IllegalAction):
        VOLENY.new_deal(VOLENY.options(), 3, {"dealer": 0, "bito": []}, seed=1)
    assert VOLENY.setup_of(VOLENY.new_deal(VOLENY.options(), 3, {"dealer": 2}, seed=1)) == {
        "dealer": 2
    }


def test_a_record_with_setup_round_trips_and_replays() -> None:
    options = BLAZEN.options({"deck_size": 36})
    state = BLAZEN.new_deal(options, 3, {"dealer": 0, "opener": 2}, seed=7)
    seat = next(iter(state.to_act()))
    action = state.legal_actions(seat)[0]
    deal = DealRecord(0, ((seat, action.code),), seed=7, setup={"opener": 2})
    record = MatchRecord(BLAZEN.id, 3, options.to_dict(), deals=(deal,))
    text = json.dumps(record.to_json())
    assert '"setup": {"opener": 2, "dealer": 0}' in text
    again = parse_record(text.encode())
    assert again.deals[0].setup == {"opener": 2}
    assert again.deals[0].deal_setup == {"dealer": 0, "opener": 2}
    assert again.to_json() == record.to_json()
    result = replay_match(again)
    assert result["deals"][0]["dealer"] == 0
    # a setup's dealer must be the deal's
    bad = json.loads(text)
    bad["deals"][0]["setup"]["dealer"] = 1
    with pytest.raises(ValueError, match="dealer"):
        parse_record(json.dumps(bad).encode())


def test_old_records_with_the_opener_in_the_cards_still_replay() -> None:
    paths = sorted(RECORDS.glob("*.json"))
    carried = 0
    for path in paths:
        record = load_record(path)
        assert all(d.setup is None for d in record.deals)  # written before setups
        carried += sum(1 for d in record.deals if d.cards and "attacker" in d.cards)
        replay_match(record)  # raises on a refused action or a failed expectation
    assert carried > 0


async def test_a_database_of_the_old_schema_migrates_and_its_deals_read_back(
    tmp_path: Path,
) -> None:
    old = tmp_path / "old_migrations"
    old.mkdir()
    for entry in default_directory().iterdir():
        if entry.name.endswith(".sql") and entry.name[:4] in {"0001", "0002", "0003"}:
            (old / entry.name).write_text(entry.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "karban.sqlite3"
    cards = BLAZEN.dealt_cards(BLAZEN.new_deal(BLAZEN.options(), 3, 1, seed=3, opener=2))
    cards["attacker"] = ["2"]  # as the bot stored a later Blázen game before setups
    store = await Store.open(path, migrations_dir=old)
    try:
        table = await seated_table(store)
        table = await store.tables.set_status(table.id, "playing", expected_version=table.version)
        first = await store.matches.start_match(table.id, first_dealer=0, state={}, at=2.0)
        async with store.db.transaction() as conn:
            columns = [r[1] for r in await conn.execute_fetchall("PRAGMA table_info(deals)")]
            assert "setup_json" not in columns
            await conn.execute(
                "INSERT INTO deals (match_id, deal_no, dealer, seed, cards_json, outcome_json)"
                " VALUES (?, 0, 0, '42', NULL, '{}'), (?, 1, 1, NULL, ?, NULL)",
                (first.id, first.id, json.dumps(cards)),
            )
    finally:
        await store.close()

    store = await Store.open(path)
    try:
        deals = await store.deals.list_deals(first.id)
        assert [d.setup for d in deals] == [{"dealer": 0}, {"dealer": 1}]
        assert deals[0].seed == 42 and deals[1].cards == cards
        # the old Blázen deal still carries its opener in the cards, and replays so
        state = BLAZEN.new_deal(BLAZEN.options(), 3, deals[1].setup, cards=deals[1].cards)
        assert state.opener == 2 and BLAZEN.setup_of(state) == {"dealer": 1, "opener": 2}
        # new deals store their setup
        async with store.db.transaction() as conn:
            await conn.execute("UPDATE deals SET outcome_json = '{}' WHERE deal_no = 1")
        deal = await store.deals.start_deal(
            table.id, 2, 2, seed=5, setup={"dealer": 2, "opener": 0}, at=4.0
        )
        assert deal.setup == {"dealer": 2, "opener": 0}
        assert (await store.deals.current_deal(table.id)) == deal
        with pytest.raises(ValueError):
            await store.deals.start_deal(table.id, 3, 0, seed=5, setup={"dealer": 1})
    finally:
        await store.close()
