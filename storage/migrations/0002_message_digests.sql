-- 0002_message_digests: what each kept message shows now.
--
-- The bot edits its table and hand messages as play goes on, and Telegram
-- refuses an edit to identical content ("message is not modified"). The bot
-- stores a digest of the content each message shows, so after a restart it
-- re-renders every live table and edits only the messages whose content
-- really changed. NULL means unknown (the bot edits once to be sure).
ALTER TABLE table_messages ADD COLUMN digest TEXT;
