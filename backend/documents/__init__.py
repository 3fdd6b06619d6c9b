"""Files the server reads or hands out: QR codes, a player list as CSV."""
