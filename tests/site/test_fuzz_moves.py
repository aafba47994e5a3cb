"""Malformed submissions never crash the server and never change a game."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Move

json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)
moves = st.one_of(
    json_values,
    st.fixed_dictionaries({"type": st.sampled_from(["select", "play", "undo", "pass", ""])}, optional={
        "card": json_values, "extra": json_values}),
    st.builds(lambda depth: _nested(depth), st.integers(min_value=5, max_value=200)),
    st.builds(lambda size: {"type": "select", "card": "x" * size}, st.integers(min_value=1000, max_value=100_000)),
)
bodies = st.fixed_dictionaries(
    {"move": moves},
    optional={
        "version": st.one_of(st.integers(min_value=-5, max_value=5), st.text(max_size=5), st.none(), st.booleans()),
        "seat": st.one_of(st.integers(min_value=-2, max_value=5), st.text(max_size=3)),
        "request_id": st.one_of(st.text(max_size=80), st.integers()),
        "unknown": json_values,
    },
)


def _nested(depth):
    move = {"type": "select"}
    for _ in range(depth):
        move = {"type": "select", "card": move}
    return move


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(body=bodies)
def test_malformed_moves_get_a_4xx_and_change_nothing(toy_game, alice_client, bob_client, body):
    before = (toy_game.state, toy_game.version)
    for client in (alice_client, bob_client):
        response = client.post(f"/api/games/{toy_game.pk}/moves/", json.dumps(body), content_type="application/json")
        assert response.status_code < 500
        if response.status_code == 200:  # a random body may be a legal move: undo it for the next example
            Move.objects.filter(game=toy_game).delete()
            type(toy_game).objects.filter(pk=toy_game.pk).update(state=before[0], version=before[1])
            continue
        assert 400 <= response.status_code < 500
        assert "error" in response.json()
        toy_game.refresh_from_db()
        assert (toy_game.state, toy_game.version) == before
        assert not Move.objects.filter(game=toy_game).exists()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_garbage_bodies_get_a_4xx(toy_game, alice_client, raw):
    response = alice_client.post(f"/api/games/{toy_game.pk}/moves/", raw, content_type="application/json")
    assert 400 <= response.status_code < 500
    toy_game.refresh_from_db()
    assert toy_game.version == 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(move=st.text(max_size=200), version=st.text(max_size=10), request_id=st.text(max_size=80))
def test_the_page_form_never_crashes(toy_game, alice_client, move, version, request_id):
    response = alice_client.post(f"/games/{toy_game.pk}/move/", {"move": move, "version": version,
                                                                  "request_id": request_id})
    assert response.status_code < 500
    toy_game.refresh_from_db()
    assert toy_game.version == 0
