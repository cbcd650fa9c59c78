-- 0004_deal_setup: a deal's setup is data (docs/records.md, "setup").
--
-- The setup is what a deal is made from besides its cards: the dealer, the
-- opener when the match fixed one (Blázen after a fool), and any fixed
-- parameter of the variant, as a JSON object such as {"dealer": 1, "opener": 2}.
-- The bot deals once, from seed (or cards) and setup, and a replay does the
-- same. Rows written before this migration keep NULL, which means "the dealer
-- column alone": such a deal carried any opener in its cards_json ("attacker"),
-- which the variant still reads.
ALTER TABLE deals ADD COLUMN setup_json TEXT;
