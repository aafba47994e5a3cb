"""Catan on the site: the mover's seat in log lines, the move card, the invitation form."""

import pytest

from games.models import Move
from games.moves import submit_move
from games.text import render
from tests.engine.catan_ck.helpers import empty_board, give
from tests.support.catan import set_state, start_catan, user_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def catan(alice, bob, carol):
    return start_catan([alice, bob, carol])


def action_phase(game, **cards):
    """The first player's action phase on an empty board; the active seat holds `cards`."""
    state = empty_board(seed=5, players=3, stage="action")
    give(state, state["active"], **cards)
    for seat in range(3):
        if seat != state["active"]:
            give(state, seat, wool=2, ore=1)
    set_state(game, state)
    return state["active"], [s for s in state["order"] if s != state["active"]]


def names(game):
    from games.presenters import player_names

    return player_names(game)


def test_an_answer_by_a_non_active_seat_is_logged_with_its_own_name(catan):
    """With two addressees pending, the engine could not tell who answered: the site passes the seat."""
    active, (first, second) = action_phase(catan, brick=2)
    submit_move(catan.pk, user_at(catan, active), {"type": "offer_trade", "give": {"brick": 1}, "want": {"wool": 1}},
                catan.version)
    catan.refresh_from_db()
    offer = catan.state["offers"][0]["id"]
    submit_move(catan.pk, user_at(catan, second), {"type": "answer_trade", "offer": offer, "answer": "decline"},
                catan.version)
    line = render(Move.objects.filter(game=catan).latest("seq").text, names(catan))
    assert line.startswith(user_at(catan, second).username), line
    assert user_at(catan, active).username not in line


def client_of(user):
    from tests.conftest import client_for

    return client_for(user)


def seven_rolled(game, discarding=(0,)):
    from tests.support.catan import seven_ahead

    active, opponents = seven_ahead(game, over_limit=discarding)
    game.refresh_from_db()
    submit_move(game.pk, user_at(game, active), {"type": "roll"}, game.version)
    game.refresh_from_db()
    return active, opponents


def test_a_discard_is_picked_on_the_board_with_a_count_per_card_type(catan):
    """The board's click flow draws the discard (games/boards/catan_ck): a pick of 4 cards from
    the types in hand, each at most as many as held; the generic form is not drawn twice."""
    import json

    _active, (owing, _other) = seven_rolled(catan)
    page = client_of(user_at(catan, owing)).get(f"/games/{catan.pk}/").content.decode()
    assert "You must discard 4 cards." in page
    start = page.index('<script id="bk-flow" type="application/json">')
    flow = json.loads(page[page.index(">", start) + 1:page.index("</script>", start)])
    (pick,) = flow["picks"]
    assert pick["count"] == 4 and pick["move"]["type"] == "discard"
    assert {card["type"]: card["most"] for card in pick["cards"]} == {"ore": 5, "wool": 4}  # only the types in hand
    assert 'name="pick:cards:ore"' not in page


def post_choice(client, game, move, picks, request_id="r1"):
    import json

    return client.post(f"/games/{game.pk}/move/", {"move": json.dumps(move), "version": game.version,
                                                   "request_id": request_id, **picks}, HTTP_HX_REQUEST="true")


def test_the_discard_form_submits_the_chosen_cards_and_refuses_a_wrong_count(catan):
    _active, (owing, _other) = seven_rolled(catan)
    client = client_of(user_at(catan, owing))
    import engine.catan_ck as catan_rules

    template = next(m for m in catan_rules.legal_moves(catan.state, owing) if m["type"] == "discard")
    refused = post_choice(client, catan, template, {"pick:cards:ore": "3"})
    assert refused.status_code == 400 and "4" in refused.content.decode()
    catan.refresh_from_db()
    assert sum(catan.state["players"][owing]["hand"].values()) == 9  # nothing changed
    post_choice(client, catan, template, {"pick:cards:ore": "3", "pick:cards:wool": "1"}, "r2")
    catan.refresh_from_db()
    hand = catan.state["players"][owing]["hand"]
    assert hand["ore"] == 2 and hand["wool"] == 3
    assert Move.objects.filter(game=catan).latest("seq").payload["cards"] == {"ore": 3, "wool": 1}


def test_the_active_player_can_offer_a_trade_from_the_market(catan):
    active, _opponents = action_phase(catan, brick=2)
    client = client_of(user_at(catan, active))
    page = client.get(f"/games/{catan.pk}/").content.decode()
    assert "Offer: the first to accept trades" in page and "Post a standing offer" in page
    import engine.catan_ck as catan_rules

    form = next(m for m in catan_rules.move_forms(catan.state, active) if m["type"] == "offer_trade")
    post_choice(client, catan, form, {"pick:give:brick": "1", "pick:want:wool": "1"})
    catan.refresh_from_db()
    (offer,) = catan.state["offers"]
    assert offer["give"] == {"brick": 1} and offer["want"] == {"wool": 1} and offer["author"] == active


def test_every_catan_move_type_of_a_seat_is_reachable_from_its_card(catan):
    """Seeded bot play through the pipeline; at sampled positions every legal move type of each seat
    appears on its page as a button or a form, or in the board's click flow."""
    import random
    import re

    import engine.catan_ck as catan_rules
    from tests.support.catan import bot_move

    rng, seen = random.Random(4), set()
    clients = {seat.position: client_of(seat.user) for seat in catan.seat_list()}
    for step in range(700):
        catan.refresh_from_db()
        if catan.is_finished:
            break
        if step % 25 == 0:
            for position, client in clients.items():
                kinds = {m["type"] for m in catan_rules.legal_moves(catan.state, position) if m["type"] != "undo"}
                kinds |= {m["type"] for m in catan_rules.move_forms(catan.state, position)}
                page = client.get(f"/games/{catan.pk}/").content.decode()
                shown = set(re.findall(r'value="\{&quot;type&quot;:&quot;([a-z_]+)&quot;', page))
                shown |= set(re.findall(r'"m": \{"type": "([a-z_]+)"', page))  # drawn by the board's click flow
                assert kinds <= shown, (kinds - shown, step)
                seen |= kinds
        acting = sorted(catan_rules.to_act(catan.state))
        position = acting[rng.randrange(len(acting))]
        submit_move(catan.pk, user_at(catan, position), bot_move(catan, position, rng), catan.version)
    assert {"setup_place", "roll", "end_turn", "offer_trade", "post_standing", "set_preferences"} <= seen, seen


def test_catan_is_offered_with_its_options_for_3_and_4_players_in_english_and_german(alice):
    client = client_of(alice)
    choose = client.get("/invitations/new/").content.decode()
    assert "/invitations/new/catan_ck/" in choose and "Catan: Cities &amp; Knights" in choose
    form = client.get("/invitations/new/catan_ck/").content.decode()
    assert 'name="option_victory_points"' in form and "Victory points" in form and "Knight-Errant" in form
    assert '<option value="3"' in form and '<option value="4"' in form and '<option value="2"' not in form.split(
        'name="players"')[1].split("</select>")[0]
    alice.profile.language = "de"
    alice.profile.save()
    german = client_of(alice).get("/invitations/new/catan_ck/").content.decode()
    assert "Catan: Städte &amp; Ritter" in german and "Siegpunkte" in german


def test_an_invitation_from_the_form_starts_a_catan_game_listed_with_its_replay(alice, bob, carol):
    client = client_of(alice)
    response = client.post("/invitations/new/catan_ck/", {
        "players": "3", "days_per_move": "3", "timeout_policy": "drop", "visibility": "public",
        "option_victory_points": "10", "seat_1": "bob", "seat_2": "carol"})
    assert response.status_code == 302
    from games.models import Game, Invitation

    invitation = Invitation.objects.get(game_id="catan_ck")
    for user in (bob, carol):
        client_of(user).post(f"/invitations/{invitation.pk}/join/")
    game = Game.objects.get(invitation=invitation)
    assert game.options["victory_points"] == 10 and len(game.seat_list()) == 3
    from django.urls import reverse

    mine = client.get(reverse("home")).content.decode()  # a signed-in player's home is My games
    assert f"/games/{game.pk}/" in mine and "Catan: Cities &amp; Knights" in mine
    import random

    from tests.support.catan import bot_move

    rng = random.Random(1)

    for _ in range(40):  # the setup and a few turns through the pipeline
        game.refresh_from_db()
        acting = sorted(engines_to_act(game))
        position = acting[rng.randrange(len(acting))]
        submit_move(game.pk, user_at(game, position), bot_move(game, position, rng), game.version)
    game.refresh_from_db()
    for step in (0, 7, game.version):
        page = client.get(f"/games/{game.pk}/replay/{step}/")
        assert page.status_code == 200 and "data-replay" in page.content.decode()
    assert client.get(f"/games/{game.pk}/").status_code == 200


def engines_to_act(game):
    from games import engines

    return engines.to_act(game.game_id, game.state)


def test_a_preference_is_one_button_away(catan):
    active, (first, _second) = action_phase(catan, brick=1)
    client = client_of(user_at(catan, first))
    page = client.get(f"/games/{catan.pk}/").content.decode()
    assert "Trade offers to me: <span class=\"current\">Ask me</span>" in page and "Decline them all" in page
    move = {"type": "set_preferences", "preferences": {"trade_offers": "decline_all"}}
    post_choice(client, catan, move, {})
    catan.refresh_from_db()
    assert catan.state["players"][first]["preferences"]["trade_offers"] == "decline_all"
    assert "Trade offers to me: <span class=\"current\">Decline them all</span>" in client.get(
        f"/games/{catan.pk}/").content.decode()


def test_the_api_lists_a_discard_as_its_constraint_and_the_offers_as_forms(catan):
    import json

    active, (owing, _other) = seven_rolled(catan)
    answer = json.loads(client_of(user_at(catan, owing)).get(f"/api/games/{catan.pk}/moves/").content)
    (discard,) = [m for m in answer["moves"] if m["move"]["type"] == "discard"]
    assert discard["move"]["cards"] == {"choose": {"count": 4, "from": {"wool": 4, "ore": 5}}}
    assert discard["label"] == "Discard"
    assert {f["type"] for f in answer["forms"]} >= {"post_standing", "set_preferences"}


def test_ASYNC_UNDO_02_the_active_player_undoes_a_road_after_another_seat_changed_a_preference(catan):
    import json

    import engine.catan_ck as catan_rules
    from tests.engine.catan_ck.helpers import V, put

    active, (first, _second) = action_phase(catan, brick=1, lumber=1)
    set_state(catan, put(catan.state, active, "settlement", V[3]))

    road = next(m for m in catan_rules.legal_moves(catan.state, active) if m["type"] == "build_road")
    submit_move(catan.pk, user_at(catan, active), road, catan.version)
    catan.refresh_from_db()
    preference = {"type": "set_preferences", "preferences": {"knight_retreat": "nearest"}}
    submit_move(catan.pk, user_at(catan, first), preference, catan.version)

    def offered(seat):
        answer = json.loads(client_of(user_at(catan, seat)).get(f"/api/games/{catan.pk}/moves/").content)
        return [m for m in answer["moves"] if m["move"]["type"] == "undo"]

    assert [m["move"] for m in offered(active)] == [{"type": "undo"}] and offered(first) == []
    catan.refresh_from_db()
    submit_move(catan.pk, user_at(catan, active), {"type": "undo"}, catan.version)
    catan.refresh_from_db()
    assert road["path"] not in catan.state["roads"]
    assert catan.state["players"][first]["preferences"]["knight_retreat"] == "nearest"
