from engine.core import hexgrid


def test_edge_directions_follow_the_spec():
    assert hexgrid.neighbour((0, 0), 0) == (1, -1)
    assert hexgrid.neighbour((0, 0), 4) == (-1, 0)


def test_touching_edges_are_opposite():
    for edge in range(6):
        other = hexgrid.neighbour((2, 3), edge)
        assert hexgrid.neighbour(other, hexgrid.opposite_edge(edge)) == (2, 3)


def test_a_vertex_has_one_name_from_each_of_its_three_hexes():
    for corner in range(6):
        key = hexgrid.vertex_key((0, 0), corner)
        for hex_, partner_corner in hexgrid.corner_partners((0, 0), corner):
            assert hexgrid.vertex_key(hex_, partner_corner) == key


def test_distance():
    assert hexgrid.distance((0, 0), (3, 0)) == 3
    assert hexgrid.distance((0, 0), (1, -1)) == 1
    assert hexgrid.distance((-1, 3), (2, 0)) == 3
