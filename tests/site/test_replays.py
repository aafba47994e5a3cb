"""Replays: any step of a finished game, for the steps a viewer may see of a running one."""

import random

from tests.support.games import play_random_move, play_to_end, start_game


def test_every_step_of_a_finished_game_has_a_page(alice, bob, client):
    game = play_to_end(start_game("toy", [alice, bob]))
    index = client.get(f"/games/{game.pk}/replay/")
    assert index.status_code == 200 and f"Move 0 of {game.version}" in index.content.decode()  # from the start
    for step in range(game.version + 1):
        page = client.get(f"/games/{game.pk}/replay/{step}/").content.decode()
        assert f"Move {step} of {game.version}" in page
    last = client.get(f"/games/{game.pk}/replay/{game.version}/").content.decode()
    assert "Final scores" in last and 'rel="next"' not in last
    first = client.get(f"/games/{game.pk}/replay/0/").content.decode()
    assert 'rel="next"' in first and 'rel="prev"' not in first


def test_jump_to_a_move(alice, bob, client):
    game = play_to_end(start_game("toy", [alice, bob]))
    response = client.get(f"/games/{game.pk}/replay/?step=3")
    assert response["Location"] == f"/games/{game.pk}/replay/3/"
    assert client.get(f"/games/{game.pk}/replay/999/")["Location"] == f"/games/{game.pk}/replay/{game.version}/"


def test_a_player_steps_through_a_running_game_with_his_own_view(alice, bob, alice_client, bob_client):
    game = start_game("toy", [alice, bob])
    rng = random.Random(5)
    for _ in range(4):
        play_random_move(game, rng, skip_undo=True)
    game.refresh_from_db()
    from games.replays import states

    start = next(iter(states(game)))
    page = alice_client.get(f"/games/{game.pk}/replay/0/").content.decode()
    assert all(card in page for card in start["hands"][0])
    bob_page = bob_client.get(f"/games/{game.pk}/replay/0/").content.decode()
    assert not any(card in bob_page for card in start["hands"][0] if card not in start["hands"][1])


def test_replay_pages_have_the_keyboard_script(alice, bob, client):
    game = play_to_end(start_game("toy", [alice, bob]))
    page = client.get(f"/games/{game.pk}/replay/1/").content.decode()
    assert "data-replay" in page and "js/site.js" in page


def test_a_finished_games_replay_opens_at_the_beginning(alice, bob, client):
    game = play_to_end(start_game("toy", [alice, bob]))
    page = client.get(f"/games/{game.pk}/replay/").content.decode()
    assert f"Move 0 of {game.version}" in page
    assert f'href="/games/{game.pk}/replay/1/" rel="next"' in page
    assert f'href="/games/{game.pk}/replay/{game.version}/" rel="last"' in page


def test_finished_games_link_to_their_final_position(alice, bob, alice_client):
    game = play_to_end(start_game("toy", [alice, bob]))
    final = f'href="/games/{game.pk}/replay/{game.version}/"'
    assert final in alice_client.get(f"/games/{game.pk}/").content.decode()
    my_games = alice_client.get("/").content.decode()
    assert final in my_games[my_games.index('id="finished"'):]
