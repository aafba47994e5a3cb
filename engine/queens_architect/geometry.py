"""Map geometry: neighbours and road distances of a map side (QA-TRAVEL-02, spec 3.11-3.13)."""


def map_index(table):
    """Locations, neighbours and the shortest road distance between every two locations."""
    locations = {location["id"]: location for location in table["locations"]}
    neighbours = {location: [] for location in locations}
    for road in table["roads"]:
        first, second = road["ends"]
        neighbours[first].append(second)
        neighbours[second].append(first)
    distances = {}
    for start in locations:  # breadth-first search from every location (QA-TRAVEL-02)
        seen = {start: 0}
        frontier = [start]
        while frontier:
            following = []
            for here in frontier:
                for there in neighbours[here]:
                    if there not in seen:
                        seen[there] = seen[here] + 1
                        following.append(there)
            frontier = following
        distances[start] = seen
    return {"locations": locations, "order": [location["id"] for location in table["locations"]],
            "neighbours": neighbours, "distances": distances, "lots": table["lots_per_location"],
            "players": table["players"]}
