"""E-mail to the players who signed up with an address: what is sent (words.py, messages.py) and
how (sender.py: SMTP, off the command path). Configured by MAIL_* (backend/config.py); without
MAIL_HOST nothing is sent and everything else works: the personal link and Web Push tell the same."""
