"""The market of a Catan game: its view-model, and every market action posted through the page's
normal move submit (games/views.game_move), bad inputs refused with a 4xx and nothing written."""

import json

import pytest

from games.boards.catan_ck import market
from games.models import Move
from tests.engine.catan_ck.helpers import empty_board, give
from tests.support.catan import set_state, start_catan, user_at

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def catan(alice, bob, carol):
    return start_catan([alice, bob, carol])


def action_phase(game):
    """The first player's action phase on an empty board: the active seat holds 2 brick and 1
    grain, each opponent 2 wool and 1 ore. Returns (active, [opponents in seat order])."""
    state = empty_board(seed=5, players=3, stage="action")
    give(state, state["active"], brick=2, grain=1)
    for seat in range(3):
        if seat != state["active"]:
            give(state, seat, wool=2, ore=1)
    set_state(game, state)
    return state["active"], [s for s in range(3) if s != state["active"]]


def client_at(game, position):
    from tests.conftest import client_for

    return client_for(user_at(game, position))


def post(game, position, move, picks=None, request_id=None):
    game.refresh_from_db()
    data = {"move": json.dumps(move), "version": game.version, **(picks or {})}
    if request_id:
        data["request_id"] = request_id
    response = client_at(game, position).post(f"/games/{game.pk}/move/", data, **HTMX)
    game.refresh_from_db()
    return response


def market_of(game, position):
    from games import engines

    game.refresh_from_db()
    seat = next(s for s in game.seat_list() if s.position == position)
    view = engines.view(game.game_id, game.state, position)
    legal = engines.legal_moves(game.game_id, game.state, position)
    return market.context(game, seat, view, legal)["market"]


def form_move(form, button=0):
    return json.loads(form["buttons"][button]["json"])


def offer_fields(form, give_cards, want_cards, to=None, expires=None):
    """What the page's turn offer form posts: the counts, the ticked recipients (all, as the page
    ticks them, unless `to`), the expiry date-time with its box ticked if `expires`."""
    fields = {f"pick:give:{c}": str(n) for c, n in give_cards.items()}
    fields.update({f"pick:want:{c}": str(n) for c, n in want_cards.items()})
    if form["seats"] is not None:
        fields["seats:to"] = [str(s["seat"]) for s in form["seats"]["seats"]] if to is None else [str(s) for s in to]
    if expires is not None:
        fields.update({"moment:expires:set": "1", "moment:expires": expires})
    return fields


def offer(game, active, give_cards, want_cards, button=0, **fields):
    """The active player posts a turn offer through the market's form."""
    form = market_of(game, active)["make_turn"]
    response = post(game, active, form_move(form, button), offer_fields(form, give_cards, want_cards, **fields))
    assert response.status_code == 200, response.content.decode()[:500]
    game.refresh_from_db()
    return game.state["offers"][-1]


def hand(game, seat):
    game.refresh_from_db()
    return {card: n for card, n in game.state["players"][seat]["hand"].items() if n}


def labels(row):
    return [b["label"] for b in row["buttons"]]


def test_the_active_player_sees_the_forms_to_offer_and_its_own_hand(catan):
    active, (first, _second) = action_phase(catan)
    own = market_of(catan, active)
    assert [c["key"] for c in own["hand"]] == ["brick", "grain"]
    assert [b["label"] for b in own["make_turn"]["buttons"]] == [
        "Offer: the first to accept trades", "Offer: I choose among those who accept"]
    assert [f["name"] for f in own["make_turn"]["fields"]] == ["give", "want", "to", "expires"]
    assert [f["name"] for f in own["make_turn"]["cards"]] == ["give", "want"]
    assert [s["seat"] for s in own["make_turn"]["seats"]["seats"]] == [first, _second]
    assert own["make_standing"]["seats"] is None and own["make_standing"]["moment"]["optional"]
    give_field = own["make_turn"]["fields"][0]
    assert [(c["key"], c["most"]) for c in give_field["cards"]] == [("brick", 2), ("grain", 1)]
    assert own["make_standing"]["buttons"][0]["label"] == "Post until withdrawn"
    other = market_of(catan, first)
    assert other["make_turn"] is None and other["make_standing"] is not None  # anybody may post a standing offer
    assert [c["key"] for c in other["hand"]] == ["wool", "ore"]


def test_an_offer_accepted_by_an_opponent_trades_at_once(catan):
    active, (first, second) = action_phase(catan)
    posted = offer(catan, active, {"brick": 1}, {"wool": 1})
    assert posted["to"] == [first, second] and posted["mode"] == "first"
    row = market_of(catan, first)["turn_offers"][0]
    assert labels(row) == ["Accept", "Decline"] and row["counter"] is not None
    assert row["expiry"]["words"] == f"lapses at the end of turn {catan.state['turn']['number']}"
    assert [c["label"] for c in row["give"]] == ["Brick"] and row["to_me"]
    assert labels(market_of(catan, active)["turn_offers"][0]) == ["Withdraw"]
    accept = json.loads(row["buttons"][0]["json"])
    assert post(catan, first, accept, request_id="acc1").status_code == 200
    assert hand(catan, active) == {"brick": 1, "grain": 1, "wool": 1}
    assert hand(catan, first) == {"brick": 1, "wool": 1, "ore": 1}
    assert catan.state["offers"] == [] and Move.objects.filter(game=catan, request_id="acc1").exists()


def test_a_decline_takes_the_seat_off_the_offer(catan):
    active, (first, second) = action_phase(catan)
    offer(catan, active, {"brick": 1}, {"wool": 1})
    decline = json.loads(market_of(catan, first)["turn_offers"][0]["buttons"][1]["json"])
    assert post(catan, first, decline).status_code == 200
    assert catan.state["offers"][0]["to"] == [second]
    assert market_of(catan, first)["turn_offers"][0]["buttons"] == []


def test_a_counter_offer_goes_to_the_active_player_who_may_accept_it(catan):
    active, (first, _second) = action_phase(catan)
    offer(catan, active, {"brick": 1}, {"wool": 2})
    counter = market_of(catan, first)["turn_offers"][0]["counter"]
    response = post(catan, first, form_move(counter), {"pick:give:wool": "1", "pick:want:brick": "1"})
    assert response.status_code == 200
    rows = market_of(catan, active)["turn_offers"]
    assert [r["kind"] for r in rows] == ["turn", "counter"]
    assert rows[1]["author"] == user_at(catan, first).username and labels(rows[1]) == ["Accept", "Decline"]
    assert post(catan, active, json.loads(rows[1]["buttons"][0]["json"])).status_code == 200
    assert hand(catan, active) == {"brick": 1, "grain": 1, "wool": 1}
    assert hand(catan, first) == {"brick": 1, "wool": 1, "ore": 1}


def test_the_author_withdraws_an_offer(catan):
    active, _opponents = action_phase(catan)
    offer(catan, active, {"grain": 1}, {"ore": 1})
    withdraw = json.loads(market_of(catan, active)["turn_offers"][0]["buttons"][0]["json"])
    assert withdraw["type"] == "withdraw_trade"
    assert post(catan, active, withdraw).status_code == 200
    assert catan.state["offers"] == []


def test_in_choose_mode_the_active_player_trades_with_one_who_accepted(catan):
    active, (first, second) = action_phase(catan)
    offer(catan, active, {"brick": 1}, {"ore": 1}, button=1)
    for seat in (first, second):
        post(catan, seat, json.loads(market_of(catan, seat)["turn_offers"][0]["buttons"][0]["json"]))
    row = market_of(catan, active)["turn_offers"][0]
    names = [user_at(catan, s).username for s in (first, second)]
    assert row["accepted"] == names
    assert labels(row) == ["Withdraw", f"Trade with {names[0]}", f"Trade with {names[1]}"] or \
        labels(row) == [f"Trade with {names[0]}", f"Trade with {names[1]}", "Withdraw"]
    chosen = next(b for b in row["buttons"] if b["label"] == f"Trade with {names[1]}")
    assert post(catan, active, json.loads(chosen["json"])).status_code == 200
    assert hand(catan, second) == {"brick": 1, "wool": 2}


def test_a_standing_offer_shows_its_expiry_and_the_active_player_takes_it(catan):
    active, (first, _second) = action_phase(catan)
    form = market_of(catan, first)["make_standing"]
    through = next(b for b in form["buttons"] if "until" in json.loads(b["json"]))
    until = json.loads(through["json"])["until"]
    assert post(catan, first, json.loads(through["json"]), {"pick:give:ore": "1", "pick:want:grain": "1"}).status_code == 200
    row = market_of(catan, active)["standing_offers"][0]
    assert row["expiry"]["words"] == f"stands through turn {until}"
    assert labels(row) == ["Take this standing offer"]
    assert labels(market_of(catan, first)["standing_offers"][0]) == ["Withdraw"]
    assert post(catan, active, json.loads(row["buttons"][0]["json"])).status_code == 200
    assert hand(catan, active) == {"brick": 2, "ore": 1}
    assert hand(catan, first) == {"wool": 2, "grain": 1}


def test_a_standing_offer_without_expiry_stands_until_withdrawn_and_only_the_active_may_take_it(catan):
    active, (first, second) = action_phase(catan)
    post(catan, first, form_move(market_of(catan, first)["make_standing"]), {"pick:give:wool": "1", "pick:want:brick": "1"})
    row = market_of(catan, second)["standing_offers"][0]
    assert row["expiry"]["words"] == "stands until withdrawn" and row["buttons"] == []
    take = {"type": "take_standing", "offer": catan.state["offers"][0]["id"]}
    response = post(catan, second, take)
    assert response.status_code == 400 and "Only the active player can take a standing offer." in response.content.decode()


def test_the_market_is_on_the_page_and_its_moves_leave_the_move_card(catan):
    active, (first, _second) = action_phase(catan)
    offer(catan, active, {"brick": 1}, {"wool": 1})
    page = client_at(catan, first).get(f"/games/{catan.pk}/").content.decode()
    assert 'id="market"' in page and "Turn offer" in page and "Counter-offer" in page
    before_market = page.split('id="market"')[0]  # the move card, if any, stands before the market
    assert "answer_trade" not in before_market and "post_standing" not in before_market
    assert "answer_trade" in page.split('id="market"')[1]


def test_a_replay_or_a_spectator_sees_the_offers_without_buttons(catan, dave):
    from games import engines

    active, _opponents = action_phase(catan)
    offer(catan, active, {"brick": 1}, {"wool": 1})
    view = engines.view(catan.game_id, catan.state, None)
    shown = market.context(catan, None, view, [])["market"]
    assert len(shown["turn_offers"]) == 1 and shown["turn_offers"][0]["buttons"] == []
    assert shown["make_turn"] is None and shown["make_standing"] is None and shown["hand"] == []
    seat = next(s for s in catan.seat_list() if s.position == active)
    replayed = market.context(catan, seat, engines.view(catan.game_id, catan.state, active), [], step=3)["market"]
    assert replayed["make_turn"] is None and replayed["turn_offers"][0]["buttons"] == []


@pytest.mark.parametrize("picks, reason", [
    ({}, "Name the cards by type and number."),
    ({"pick:give:brick": "3", "pick:want:wool": "1"}, "You do not hold these cards."),
    ({"pick:give:brick": "1", "pick:want:brick": "1"}, "A card type cannot be on both sides of a trade."),
])
def test_a_bad_offer_is_refused_with_400_and_writes_nothing(catan, picks, reason):
    active, _opponents = action_phase(catan)
    before = catan.version
    form = market_of(catan, active)["make_turn"]
    response = post(catan, active, form_move(form), {**picks, "seats:to": [s["seat"] for s in form["seats"]["seats"]]})
    assert response.status_code == 400 and reason in response.content.decode()
    catan.refresh_from_db()
    assert catan.version == before and catan.state["offers"] == []


def test_answers_to_offers_that_do_not_concern_the_seat_are_refused(catan, dave):
    active, (first, second) = action_phase(catan)
    posted = offer(catan, active, {"brick": 1}, {"wool": 1})
    before = catan.version
    refusals = [
        (first, {"type": "withdraw_trade", "offer": posted["id"]}, 400, "This is not your offer."),
        (first, {"type": "answer_trade", "offer": 999, "answer": "accept"}, 400, "There is no such offer."),
        (first, {"type": "answer_trade", "offer": posted["id"], "answer": "maybe"}, 400, "wrong value"),
        (active, {"type": "answer_trade", "offer": posted["id"], "answer": "accept"}, 400, "not addressed to you"),
        (first, {"type": "complete_trade", "offer": posted["id"], "with": second}, 400, "This is not your offer."),
    ]
    for seat, move, status, reason in refusals:
        response = post(catan, seat, move)
        assert response.status_code == status and reason in response.content.decode(), (move, response.status_code)
    stale = client_at(catan, first).post(f"/games/{catan.pk}/move/", {
        "move": json.dumps({"type": "answer_trade", "offer": posted["id"], "answer": "decline"}),
        "version": before - 1}, **HTMX)
    assert stale.status_code == 409
    from tests.conftest import client_for

    outsider = client_for(dave).post(f"/games/{catan.pk}/move/", {
        "move": json.dumps({"type": "answer_trade", "offer": posted["id"], "answer": "accept"}),
        "version": before}, **HTMX)
    assert outsider.status_code == 403
    catan.refresh_from_db()
    assert catan.version == before


def test_each_market_form_posts_with_its_own_request_id_and_the_version(catan):
    active, (first, _second) = action_phase(catan)
    offer(catan, active, {"brick": 1}, {"wool": 1})
    page = client_at(catan, first).get(f"/games/{catan.pk}/").content.decode()
    section = page.split('id="market"')[1].split("</section>")[0]
    ids = [chunk.split('"')[0] for chunk in section.split('name="request_id" value="')[1:]]
    assert len(ids) == len(set(ids)) >= 3  # the offer's buttons, its counter form, the standing form
    assert section.count(f'name="version" value="{catan.version}"') == len(ids)


def test_a_calendar_expiry_in_the_engines_view_is_shown_with_the_offer(catan):
    """The engine may date an offer's expiry (an ISO date-time in the offer): the market shows it."""
    active, (first, _second) = action_phase(catan)
    state = catan.state
    state["offers"] = [{"id": 1, "author": first, "to": None, "give": {"wool": 1}, "want": {"brick": 1},
                        "kind": "standing", "mode": "first", "accepted": [], "expires": "2026-12-01T12:00:00+00:00"}]
    state["next_offer"] = 2
    set_state(catan, state)
    row = market_of(catan, active)["standing_offers"][0]
    assert row["expiry"]["words"] == "stands until it expires"
    assert row["expiry"]["date"].isoformat() == "2026-12-01T12:00:00+00:00"
    page = client_at(catan, active).get(f"/games/{catan.pk}/").content.decode()
    assert "expires Tue 1 Dec, 12:00 UTC" in page.split('id="offer-1"')[1].split("</li>")[0]


# Recipients and a calendar expiry set on the page (the open fields of games/form_fields.py) ------

def page_offer(game, position, offer_id):
    page = client_at(game, position).get(f"/games/{game.pk}/").content.decode()
    return page.split(f'id="offer-{offer_id}"')[1].split("</li>")[0]


def in_zone(game, position, zone):
    profile = user_at(game, position).profile
    profile.time_zone = zone
    profile.save()


def test_an_offer_ticked_for_one_opponent_reaches_only_that_opponent(catan):
    active, (first, second) = action_phase(catan)
    posted = offer(catan, active, {"brick": 1}, {"wool": 1}, to=[second])
    assert posted["to"] == [second]
    row = market_of(catan, second)["turn_offers"][0]
    assert labels(row) == ["Accept", "Decline"] and row["to_me"] and row["to"] == [user_at(catan, second).username]
    passed_over = market_of(catan, first)["turn_offers"][0]
    assert passed_over["buttons"] == [] and passed_over["counter"] is None and not passed_over["to_me"]
    shown = page_offer(catan, first, posted["id"])
    assert f"→ {user_at(catan, second).username}</p>" in shown and "Accept" not in shown and "Counter-offer</summary>" not in shown
    assert "Accept" in page_offer(catan, second, posted["id"])


def test_no_opponent_ticked_is_refused_by_the_engine_and_writes_nothing(catan):
    active, _opponents = action_phase(catan)
    before = catan.version
    form = market_of(catan, active)["make_turn"]
    response = post(catan, active, form_move(form), offer_fields(form, {"brick": 1}, {"wool": 1}, to=[]))
    assert response.status_code == 400 and "Choose at least one opponent to make the offer to." in response.content.decode()
    assert catan.version == before and catan.state["offers"] == []


@pytest.mark.parametrize("typed, stored, shown", [
    ("2031-01-15T18:30", "2031-01-15T17:30:00Z", "expires Wed 15 Jan, 18:30 CET"),  # winter: UTC+1
    ("2031-07-15T18:30", "2031-07-15T16:30:00Z", "expires Tue 15 Jul, 18:30 CEST"),  # summer: UTC+2
])
def test_an_expiry_typed_in_berlin_is_stored_in_utc_and_shown_in_each_readers_zone(catan, typed, stored, shown):
    active, (first, _second) = action_phase(catan)
    in_zone(catan, active, "Europe/Berlin")
    posted = offer(catan, active, {"brick": 1}, {"wool": 1}, expires=typed)
    assert posted["expires"] == stored
    assert catan.timed_at.strftime("%Y-%m-%dT%H:%M:%SZ") == stored  # the site's clock expires it then
    assert shown in page_offer(catan, active, posted["id"])
    utc_hour = stored[11:16]
    assert f"{utc_hour} UTC" in page_offer(catan, first, posted["id"])  # first's profile keeps UTC


def test_a_standing_offer_through_a_turn_may_also_expire_at_a_date(catan):
    active, (first, _second) = action_phase(catan)
    in_zone(catan, first, "Europe/Berlin")
    form = market_of(catan, first)["make_standing"]
    through = next(b for b in form["buttons"] if "until" in json.loads(b["json"]))
    response = post(catan, first, json.loads(through["json"]), {
        "pick:give:ore": "1", "pick:want:grain": "1", "moment:expires:set": "1", "moment:expires": "2031-01-15T09:00"})
    assert response.status_code == 200
    (standing,) = catan.state["offers"]
    assert standing["until"] == json.loads(through["json"])["until"] and standing["expires"] == "2031-01-15T08:00:00Z"
    row = market_of(catan, active)["standing_offers"][0]
    assert row["expiry"]["words"].startswith("stands through turn") and row["expiry"]["date"] is not None


def test_a_date_typed_without_ticking_its_box_sets_no_expiry(catan):
    active, _opponents = action_phase(catan)
    form = market_of(catan, active)["make_turn"]
    fields = dict(offer_fields(form, {"brick": 1}, {"wool": 1}), **{"moment:expires": "2031-01-15T09:00"})
    assert post(catan, active, form_move(form), fields).status_code == 200
    assert "expires" not in catan.state["offers"][0] and catan.timed_at is None


@pytest.mark.parametrize("typed, reason", [
    ("2021-03-01T12:00", "That moment has passed: choose a later date and time."),
    ("15.01.2031 18:30", "Enter the date and time as 2026-11-30 18:00."),
    ("2031-13-01T12:00", "Enter the date and time as 2026-11-30 18:00."),
    ("", "Enter a date and a time."),
])
@pytest.mark.parametrize("kind", ["make_turn", "make_standing"])
def test_a_bad_or_past_expiry_is_refused_with_400_and_changes_nothing(catan, kind, typed, reason):
    active, _opponents = action_phase(catan)
    in_zone(catan, active, "Europe/Berlin")
    before = catan.version
    form = market_of(catan, active)[kind]
    fields = dict(offer_fields(form, {"brick": 1}, {"wool": 1}), **{"moment:expires:set": "1", "moment:expires": typed})
    response = post(catan, active, form_move(form), fields)
    assert response.status_code == 400 and reason in response.content.decode()
    assert catan.version == before and catan.state["offers"] == [] and catan.timed_at is None


def test_the_market_form_has_a_labelled_checkbox_per_opponent_and_a_labelled_date_time(catan):
    active, (first, second) = action_phase(catan)
    in_zone(catan, active, "Europe/Berlin")
    page = client_at(catan, active).get(f"/games/{catan.pk}/").content.decode()
    form = page.split('id="make-turn-offer"')[1].split("</form>")[0]
    assert "<legend>Offer to</legend>" in form
    for seat in (first, second):
        assert f'name="seats:to" value="{seat}" checked' in form
        box_id = form.split(f'name="seats:to" value="{seat}"')[0].rsplit('id="', 1)[1].split('"')[0]
        assert f'<label for="{box_id}">{user_at(catan, seat).username}</label>' in form
    assert 'name="moment:expires"' in form and ">Expires at a date and time</label>" in form
    assert "In your time zone, Europe/Berlin." in form
    standing = page.split('id="make-standing-offer"')[1].split("</form>")[0]
    assert 'name="moment:expires"' in standing and 'name="seats:to"' not in standing


def test_in_german_the_fields_and_a_refusal_read_in_german(catan):
    active, _opponents = action_phase(catan)
    profile = user_at(catan, active).profile
    profile.language, profile.time_zone = "de", "Europe/Berlin"
    profile.save()
    page = client_at(catan, active).get(f"/games/{catan.pk}/").content.decode()
    form = page.split('id="make-turn-offer"')[1].split("</form>")[0]
    assert "<legend>Angebot an</legend>" in form and ">Läuft zu einem Zeitpunkt ab</label>" in form
    assert "In deiner Zeitzone, Europe/Berlin." in form
    market_form = market_of(catan, active)["make_turn"]
    fields = dict(offer_fields(market_form, {"brick": 1}, {"wool": 1}),
                  **{"moment:expires:set": "1", "moment:expires": "2021-03-01T12:00"})
    response = post(catan, active, form_move(market_form), fields)
    assert response.status_code == 400 and "Dieser Zeitpunkt ist vorbei" in response.content.decode()
    response = post(catan, active, form_move(market_form), offer_fields(market_form, {"brick": 1}, {"wool": 1}, to=[]))
    assert "Wähle mindestens einen Mitspieler, dem du das Angebot machst." in response.content.decode()
