"""Web Push (RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID) to phones whose page is closed.

keys.py: the server's VAPID key pair in var/. subscriptions.py: who gets what (a subscription per
phone and token; a revoked token's go with it; another token takes it only with its keys).
outbox.py: the notices not yet sent, kept in the database with the command that made them.
sender.py: one queue per process, off the command path, that encrypts, signs and posts each notice
to the phone's push service, with retries, a lane per push service (lanes.py). reminders.py: the
break's end, a timer. What a command tells whom is read/notices.py.
"""
