"""The portable game record: export a game as one JSON document, import a finished one.

The schema is documented in docs/record.md. A finished (or cancelled) game exports everything
a replay needs: rules version, data edition, options, seed and every move with its seat and
time, plus the outcome. A running game exports only what the reader may see: no seed, no
move payloads (another seat's choice may be secret), the public log and the reader's view.

An import is checked by replaying the record through the engine: it is accepted only if
every move is legal and the replay reaches the recorded outcome; otherwise `RecordRefused`
says at which step and why, and nothing is written.
"""

import datetime
import json
import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile, display_name
from engine.core.contract import rules_version
from engine.core.errors import IllegalMove
from engine.core.text import text
from games import engines, move_archive, move_log, notes, presenters
from games.models import Game, Seat
from games.moves import MoveRefused, check_shape, ranking
from games.text import render

FORMAT = "praga-play-game-record"
FORMAT_VERSION = 1
MAX_BYTES = 5_000_000
MAX_MOVES = 50_000
MAX_NAME = 40
SEED_RANGE = range(-(2 ** 63), 2 ** 63)


class RecordRefused(Exception):
    """The record was not imported. `reason` is a text dict; `step` the move number, if any."""

    def __init__(self, reason, step=None):
        super().__init__(reason["msg"])
        self.reason = reason
        self.step = step


# Export ----------------------------------------------------------------------------------


def export(game, user):
    """The record of `game` as `user` may have it (their notes only in their own export)."""
    seat = game.seat_of(user)
    position = None if seat is None else seat.position
    state = game.state
    record = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": {"id": game.pk, "type": game.game_id, "title": engines.title(game.game_id),
                 "imported": game.imported},
        "rules_version": rules_version(state),
        "edition": state.get("edition") if isinstance(state, dict) else None,
        "options": game.options,
        "players": len(game.seat_list()),
        "seats": [{"seat": s.position, "name": display_name(s.user), "rank": s.rank, "score": s.score,
                   "dropped": s.dropped} for s in game.seat_list()],
        "status": game.status,
        "created": _time(game.created),
        "finished": _time(game.finished),
        "exported": _time(timezone.now()),
    }
    if game.is_finished:
        record["seed"] = game.seed
        record["moves"] = [{"seq": seq, "seat": mover, "move": payload, "time": _time(at)}
                           for seq, mover, payload, _text, _request, at in move_log.moves(game)]
        record["outcome"] = game.outcome
    else:
        # The log lines are public; the payloads are not (another seat's secret choice).
        record["view_of"] = position
        record["moves"] = [{"seq": entry["seq"], "seat": entry["seat"], "time": _time(entry["at"]),
                            "log": entry["text"]}
                           for entry in presenters.log(game) if entry["event"] is None]
        record["view"] = engines.view(game.game_id, state, position)
    if seat is not None:
        record["notes"] = notes.body_of(game, user)
    return record


def _time(moment):
    return moment.isoformat() if moment is not None else None


# Import ----------------------------------------------------------------------------------


def parse(raw):
    """The record in `raw` (bytes or str), or RecordRefused."""
    if len(raw) > MAX_BYTES:
        raise RecordRefused(text("The file is too large (at most {size} MB).", size=MAX_BYTES // 1_000_000))
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise RecordRefused(text("The file is not a JSON document.")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordRefused(text("The file is not a game record of this site."))
    if data.get("format_version") != FORMAT_VERSION:
        raise RecordRefused(text("This record format version is not supported."))
    return data


def import_record(data, importer=None):
    """Replay the record; if it holds, store it as a finished imported game and return it."""
    checked = check_record(data)
    with transaction.atomic():
        return _store(checked, importer)


def check_record(data):
    """Everything the import writes, computed by replaying the record; RecordRefused otherwise."""
    if "seed" not in data:
        raise RecordRefused(text("This is the record of a running game (it has no seed): "
                                 "only finished games can be imported."))
    game_id = _field(data, "game", dict).get("type")
    if not engines.known(game_id):
        raise RecordRefused(text("This site does not offer the game {game}.", game=str(game_id)[:40]))
    module = engines.rules(game_id)
    status = data.get("status")
    if status not in (Game.Status.FINISHED, Game.Status.CANCELLED):
        raise RecordRefused(text("Only finished or cancelled games can be imported."))
    seed = _field(data, "seed", int)
    if seed not in SEED_RANGE:
        raise RecordRefused(text("The seed is out of range."))
    players = _field(data, "players", int)
    names = _names(data, players)
    version = _field(data, "rules_version", int)
    if version not in getattr(module, "RULES_VERSIONS", (1,)):
        raise RecordRefused(text("This record was made with rules version {version}, which this "
                                 "server does not know.", version=version))
    options = _field(data, "options", dict)
    try:
        state = module.new(options, players, seed, rules_version=version)
    except IllegalMove as error:
        raise RecordRefused(text("The options cannot be used: {reason}", reason=error.as_text())) from None
    edition = state.get("edition") if isinstance(state, dict) else None
    if data.get("edition") != edition:
        raise RecordRefused(text("This record uses the data edition {edition}; this server plays {ours}.",
                                 edition=str(data.get("edition"))[:40], ours=str(edition)))
    moves = _field(data, "moves", list)
    if len(moves) > MAX_MOVES:
        raise RecordRefused(text("The record has too many moves."))
    rows = []
    for seq, entry in enumerate(moves, start=1):
        seat, move, at = _move(entry, seq, players)
        try:
            after = module.apply(state, seat, move)  # the engine checks whose move it is, as on the site
            line = module.describe(move, state)
            automatic = list(module.automatic_turns(move, state)) if hasattr(module, "automatic_turns") else []
        except IllegalMove as error:
            raise RecordRefused(text("Move {step} cannot be played: {reason}", step=seq, reason=error.as_text()),
                                step=seq) from None
        except Exception:  # a crafted move must never become a server error
            raise RecordRefused(text("Move {step} cannot be played: {reason}", step=seq,
                                     reason=text("This move is not possible now.")), step=seq) from None
        rows.append({"seq": seq, "seat": seat, "move": move, "time": at, "text": line, "automatic": automatic})
        state = after
    state = json.loads(json.dumps(state))
    outcome = module.outcome(state)
    outcome = json.loads(json.dumps(outcome)) if outcome is not None else None
    if status == Game.Status.FINISHED and outcome is None:
        raise RecordRefused(text("The moves do not finish the game, but the record says it is finished."),
                            step=len(rows))
    if outcome != data.get("outcome"):
        raise RecordRefused(text("The replayed outcome differs from the recorded one."), step=len(rows))
    return {"game_id": game_id, "options": options, "seed": seed, "names": names, "state": state,
            "outcome": outcome, "status": status, "moves": rows,
            "created": _moment(data.get("created")), "finished": _moment(data.get("finished"))}


def _field(data, name, kind):
    value = data.get(name)
    if type(value) is not kind:  # bool is not an int here
        raise RecordRefused(text("The field {field} is missing or has a wrong type.", field=name))
    return value


def _names(data, players):
    seats = _field(data, "seats", list)
    if players < 1 or len(seats) != players:
        raise RecordRefused(text("The record must list one seat per player."))
    names = []
    for index, seat in enumerate(seats):
        name = seat.get("name") if isinstance(seat, dict) else None
        if not isinstance(name, str) or not name.strip() or seat.get("seat") != index:
            raise RecordRefused(text("Seat {index} needs its number and a name.", index=index))
        names.append(name.strip()[:MAX_NAME])
    return names


def _move(entry, seq, players):
    if not isinstance(entry, dict) or entry.get("seq") != seq:
        raise RecordRefused(text("Move {step} is missing or out of order.", step=seq), step=seq)
    seat = entry.get("seat")
    if type(seat) is not int or not 0 <= seat < players:
        raise RecordRefused(text("Move {step} names no seat of this game.", step=seq), step=seq)
    try:
        check_shape(entry.get("move"))
    except MoveRefused as refused:
        raise RecordRefused(text("Move {step} cannot be played: {reason}", step=seq, reason=refused.reason),
                            step=seq) from None
    at = _moment(entry.get("time"))
    if at is None:
        raise RecordRefused(text("Move {step} has no valid time.", step=seq), step=seq)
    return seat, entry["move"], at


def _moment(value):
    """An aware datetime from an ISO 8601 string, or None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        moment = datetime.datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _store(checked, importer):
    from games.models import GameEvent

    now = timezone.now()
    moves = checked["moves"]
    last = moves[-1]["time"] if moves else now
    game = Game.objects.create(
        game_id=checked["game_id"], options=checked["options"], seed=checked["seed"], state=checked["state"],
        version=len(moves), status=checked["status"], outcome=checked["outcome"],
        created=checked["created"] or (moves[0]["time"] if moves else now), updated=now,
        finished=checked["finished"] or last, imported=True, imported_by=importer,
    )
    ranks, scores = ranking(checked["outcome"]) if checked["outcome"] is not None else ({}, {})
    Seat.objects.bulk_create(
        Seat(game=game, position=index, user=_placeholder(name), rank=ranks.get(index), score=scores.get(index))
        for index, name in enumerate(checked["names"]))
    # An imported game is over: its moves go straight into their archive.
    move_archive.store(game, [move_archive.LoggedMove(row["seq"], row["seat"], row["move"], row["text"], None,
                                                      row["time"]) for row in moves])
    GameEvent.objects.bulk_create(
        GameEvent(game=game, after_seq=row["seq"], text=line, created_at=row["time"])
        for row in moves for line in row["automatic"])
    return game


def _placeholder(name):
    """An inactive account that only carries an imported player's name (nobody can log in as it;
    the username has spaces, which sign-up refuses)."""
    user = get_user_model().objects.create(username="imported player " + secrets.token_hex(6), is_active=False)
    user.set_unusable_password()
    user.save(update_fields=["password"])
    Profile.objects.update_or_create(user=user, defaults={"display_name": name})
    return user


def imported_by(user, limit=50):
    """The games `user` imported, newest first."""
    return list(Game.objects.filter(imported_by=user).order_by("-pk")[:limit])


def refusal_message(refused):
    """The refusal as the reader's language says it."""
    return render(refused.reason)
