"""The server at the venue: its addresses on the club's network, its own CA for HTTPS, what it
printed, and `pokerfloor serve` itself (docs/venue.md)."""
