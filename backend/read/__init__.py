"""Views down: everything that reads a tournament and shows it, never changing it.

`views.py` renders the role-scoped views the phones and the TV receive, `changes.py` works out which
of them an event changed, `audit.py` words the log and the review list, `league.py` and
`my_league.py` read the leagues' standings, `locale_format.py` writes money and dates the local way.
The write side (engine, store, service) never imports this package: the app hands
`changes.changed_views` to the service (tests/test_layers.py)."""
