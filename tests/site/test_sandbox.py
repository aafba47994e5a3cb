"""The private sandbox: a determinized copy of the game for the reader's seat, moves for any
seat, step back, guesses marked, "play my moves for real" through the normal pipeline; no
database writes per sandbox move; the real hidden parts never reach it."""

import json
import re
from urllib.parse import parse_qs, urlsplit

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Move
from tests.support.games import start_game


def opened(client, game):
    response = client.get(f"/games/{game.pk}/sandbox/")
    assert response.status_code == 302
    return response["Location"]


def params(url):
    query = parse_qs(urlsplit(url).query)
    return {key: values[0] for key, values in query.items()}


def go(client, game, url, **extra):
    """Press a button of the sandbox form: returns the canonical URL it redirects to."""
    response = client.get(f"/games/{game.pk}/sandbox/", {**params(url), **extra})
    assert response.status_code == 302, response.content.decode()[:500]
    return response["Location"]


def add(client, game, url, seat, move):
    return go(client, game, url, add=json.dumps([seat, move]))


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.content.decode()[:500]
    return response.content.decode()


def first_choice(text):
    return json.loads(re.search(r'name="add" value="([^"]+)"', text).group(1).replace("&quot;", '"'))


def played(url):
    return json.loads(params(url)["moves"])


def test_a_player_plays_for_both_seats_steps_back_and_branches(toy_game, alice_client):
    url = opened(alice_client, toy_game)
    assert params(url)["v"] == "0" and played(url) == []
    first = page(alice_client, url)
    assert "Moves for alice" in first and all(card in first for card in toy_game.state["hands"][0])
    card = toy_game.state["hands"][0][0]
    url = add(alice_client, toy_game, url, 0, {"type": "select", "card": card})
    url = add(alice_client, toy_game, url, 0, {"type": "play"})
    assert "Moves for bob" in page(alice_client, url)  # now bob's turn, played by alice in her sandbox
    text = page(alice_client, url)
    bob_move = first_choice(text)
    assert bob_move[0] == 1
    url = add(alice_client, toy_game, url, *bob_move)
    assert len(played(url)) == 3
    back = go(alice_client, toy_game, url, upto="1")  # step back to after her first move
    assert played(back) == played(url)[:1]
    other = toy_game.state["hands"][0][1]
    branched = add(alice_client, toy_game, go(alice_client, toy_game, url, upto="0"), 0,
                   {"type": "select", "card": other})
    assert played(branched) == [[0, {"type": "select", "card": other}]]
    assert Move.objects.count() == 0  # nothing reached the real game


def test_sandbox_moves_write_nothing_to_the_database(toy_game, alice_client):
    url = opened(alice_client, toy_game)
    card = toy_game.state["hands"][0][0]
    with CaptureQueriesContext(connection) as queries:
        url = add(alice_client, toy_game, url, 0, {"type": "select", "card": card})
        url = add(alice_client, toy_game, url, 0, {"type": "play"})
        page(alice_client, url)
    writes = [q["sql"] for q in queries.captured_queries
              if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")) and "games_" in q["sql"]]
    assert writes == []


def test_the_real_hidden_parts_never_reach_the_sandbox(toy_game, alice_client):
    """The same sandbox of two games that differ only in what alice cannot see is the same page."""
    url = opened(alice_client, toy_game)
    url = add(alice_client, toy_game, url, 0, {"type": "select", "card": toy_game.state["hands"][0][0]})
    url = add(alice_client, toy_game, url, 0, {"type": "play"})
    before = page(alice_client, url)
    state = toy_game.state
    hands, deck = [list(h) for h in state["hands"]], list(state["deck"])
    hands[1][0], deck[0] = deck[0], hands[1][0]
    deck.reverse()
    Game.objects.filter(pk=toy_game.pk).update(state={**state, "hands": hands, "deck": deck, "rng": state["rng"] + 1})
    after = page(alice_client, url)
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
    assert token.sub("", after) == token.sub("", before)


def test_results_that_depend_on_hidden_parts_are_marked_as_guesses(toy_game, alice_client):
    url = f"/games/{toy_game.pk}/sandbox/?v=0&seed=7&moves=[]"  # a fixed deal: the same page every run
    url = add(alice_client, toy_game, url, 0, {"type": "select", "card": toy_game.state["hands"][0][0]})
    assert "badge guess" not in page(alice_client, url)  # choosing a card reveals nothing
    url = add(alice_client, toy_game, url, 0, {"type": "play"})  # alice draws from the deck
    text = page(alice_client, url)
    assert text.count("badge guess") == 1 and 'class="guess current"' in text


def test_play_my_moves_for_real_submits_the_leading_own_moves(toy_game, alice_client):
    url = opened(alice_client, toy_game)
    card = toy_game.state["hands"][0][0]
    url = add(alice_client, toy_game, url, 0, {"type": "select", "card": card})
    url = add(alice_client, toy_game, url, 0, {"type": "play"})
    response = alice_client.post(f"/games/{toy_game.pk}/sandbox/play/", params(url))
    assert response.status_code == 302 and response["Location"] == f"/games/{toy_game.pk}/"
    assert list(Move.objects.order_by("seq").values_list("seat", "payload")) == [
        (0, {"type": "select", "card": card}), (0, {"type": "play"})]
    # The real game moved on: that sandbox can no longer play for real.
    response = alice_client.post(f"/games/{toy_game.pk}/sandbox/play/", params(url), follow=True)
    assert "The game has changed since the sandbox was opened" in response.content.decode()
    assert Move.objects.count() == 2


def test_only_the_players_own_leading_moves_up_to_a_guess_are_played(toy_game, alice_client, bob_client):
    # bob opens a sandbox while it is alice's turn: its first moves are alice's, so nothing is his.
    url = opened(bob_client, toy_game)
    guessed = first_choice(page(bob_client, url))  # alice's hand is a guess in bob's sandbox
    assert guessed[0] == 0
    url = add(bob_client, toy_game, url, *guessed)
    response = bob_client.post(f"/games/{toy_game.pk}/sandbox/play/", params(url), follow=True)
    assert "starts with no move of yours" in response.content.decode()
    assert Move.objects.count() == 0


def test_others_get_404_and_bad_links_a_clear_400(toy_game, alice_client, carol_client, client):
    assert carol_client.get(f"/games/{toy_game.pk}/sandbox/").status_code == 404
    assert client.get(f"/games/{toy_game.pk}/sandbox/").status_code == 302  # to the login
    url = opened(alice_client, toy_game)
    assert carol_client.get(url).status_code == 404
    bad = alice_client.get(f"/games/{toy_game.pk}/sandbox/", {**params(url), "moves": "[[0, {\"type\": \"play\"}]]"})
    assert bad.status_code == 400 and "Sandbox move 1: Choose a card first." in bad.content.decode()
    bad = alice_client.get(f"/games/{toy_game.pk}/sandbox/", {**params(url), "moves": "[[1, {\"type\": \"play\"}]]"})
    assert bad.status_code == 400 and "not that seat&#x27;s turn" in bad.content.decode()
    for broken in ("not json", "{}", "[[0]]", "[[0, 5]]", "[" + ",".join(["[0,{\"type\":\"play\"}]"] * 201) + "]"):
        response = alice_client.get(f"/games/{toy_game.pk}/sandbox/", {**params(url), "moves": broken})
        assert response.status_code == 400, broken
    assert alice_client.get(f"/games/{toy_game.pk}/sandbox/", {**params(url), "v": "99"}).status_code == 400
    assert alice_client.get(f"/games/{toy_game.pk}/sandbox/", {**params(url), "seed": "-1"}).status_code == 400
    assert Move.objects.count() == 0


def test_the_praga_board_draws_the_sandbox(alice, bob, alice_client):
    game = start_game("praga", [alice, bob])
    url = opened(alice_client, game)
    text = page(alice_client, url)
    assert 'id="praga"' in text or "pg-" in text
    choice = first_choice(text)
    url = add(alice_client, game, url, *choice)
    assert len(played(url)) == 1 and "Sandbox moves" in page(alice_client, url)
    assert 'href="/games/%d/sandbox/"' % game.pk in alice_client.get(f"/games/{game.pk}/").content.decode()
