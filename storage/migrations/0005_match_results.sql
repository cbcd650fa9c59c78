-- 0005_match_results: matches that end, and the tally of games played to a target.
--
-- A match now belongs to the engine (games/match.py): state_json holds its
-- JSON form, and a match can be over (Cenzr's labeta, Tisíc at 1000). The deal
-- that ends a match also moves the table to 'finished' and credits every human
-- seat with the match: one more match played, a win for a first place (shared
-- first places each win), and the place, so the tally of a game counted in
-- wins and places never adds points of unrelated matches. Rows written before
-- this migration start with no finished match, which is what they had.
ALTER TABLE tallies ADD COLUMN matches_played INTEGER NOT NULL DEFAULT 0
    CHECK (matches_played >= 0);
ALTER TABLE tallies ADD COLUMN wins INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0);
ALTER TABLE tallies ADD COLUMN place_sum INTEGER NOT NULL DEFAULT 0 CHECK (place_sum >= 0);
