"""Production tokens (spec 5.5): 8 tokens; the reward is added to each production of the track
the token lies on. One record per physical token (kind + copy letter)."""

from ._util import CONFIRMED, PROVISIONAL, prov, rec

_KIND = "spec 5.5: kind CONFIRMED [SH-img] production-token/*.png"
_SETS = "sets per player count CONFIRMED [SH] getProductionTokens.ts [Y]"

PRODUCTION_TOKENS = [
    rec(CONFIRMED, f"{_KIND}; 2 copies CONFIRMED (2-player set uses two) [SH]",
        id="PT-2VP-a", kind="PT-2VP", reward=["2VP"]),
    rec(CONFIRMED, f"{_KIND}; 2 copies CONFIRMED (2-player set uses two) [SH]",
        id="PT-2VP-b", kind="PT-2VP", reward=["2VP"]),
    rec(CONFIRMED, f"{_KIND}; one copy in the 1-2 player set {_SETS}",
        id="PT-VPG-a", kind="PT-VPG", reward=["1VP", "1G"]),
    rec(CONFIRMED, f"{_KIND}; one copy in the 1-2 player set {_SETS}",
        id="PT-VPS-a", kind="PT-VPS", reward=["1VP", "1S"]),
    rec(CONFIRMED, f"{_KIND}; added with 3 players {_SETS}",
        id="PT-G-a", kind="PT-G", reward=["1G"]),
    rec(CONFIRMED, f"{_KIND}; added with 3 players {_SETS}",
        id="PT-S-a", kind="PT-S", reward=["1S"]),
    rec(PROVISIONAL, f"{_KIND}; second copy PROVISIONAL (this pair or PT-G/PT-S exists twice; "
                     "[Y] 'je 2x / je 1x vorhanden', icons missing)",
        id="PT-VPG-b", kind="PT-VPG", reward=["1VP", "1G"]),
    rec(PROVISIONAL, f"{_KIND}; second copy PROVISIONAL (this pair or PT-G/PT-S exists twice)",
        id="PT-VPS-b", kind="PT-VPS", reward=["1VP", "1S"]),
]

PRODUCTION_TOKEN_SETS = {
    "1": ["PT-2VP-a", "PT-2VP-b", "PT-VPG-a", "PT-VPS-a"],
    "2": ["PT-2VP-a", "PT-2VP-b", "PT-VPG-a", "PT-VPS-a"],
    "3": ["PT-2VP-a", "PT-2VP-b", "PT-VPG-a", "PT-VPS-a", "PT-G-a", "PT-S-a"],
    "4": ["PT-2VP-a", "PT-2VP-b", "PT-VPG-a", "PT-VPS-a", "PT-G-a", "PT-S-a", "PT-VPG-b", "PT-VPS-b"],
}

PROVENANCE = [
    prov("PRODUCTION_TOKEN_SETS", CONFIRMED, f"spec 5.5, PRG-PROD-05; {_SETS}"),
]
