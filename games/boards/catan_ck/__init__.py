"""Catan's board: the market (`market`) and the standing preferences (`preferences`) panels."""
