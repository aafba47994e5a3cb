"""Component data of Catan with Cities & Knights (spec section 5 and the card table 3.1).

Rules read these tables; they hold no logic. The values are those of the printed game
(spec tables 5.1-5.11), so there is a single data edition for now.
"""
