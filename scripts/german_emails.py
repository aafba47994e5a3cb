"""German for the correspondence emails and pages (scripts/po_fill.py writes it into locale/de)."""

GERMAN = {
    "email me when someone invites me": "E-Mail, wenn mich jemand einlädt",
    "remind me before my time runs out": "Erinnere mich, bevor meine Zeit abläuft",
    "email me when a game ends": "E-Mail, wenn eine Partie endet",
    "email me when it is my turn": "E-Mail, wenn ich am Zug bin",
    "at most one turn email a day (daily digest)": "höchstens eine Zug-E-Mail am Tag (tägliche Übersicht)",
    "Otherwise one email covers every game that became yours within a few minutes.":
        "Sonst fasst eine E-Mail alle Partien zusammen, in denen du innerhalb weniger Minuten an den Zug kommst.",
    "take vacation days automatically before my time runs out":
        "Urlaubstage automatisch nehmen, bevor meine Zeit abläuft",
    "Your vacation then ends when you next visit the site.": "Der Urlaub endet dann bei deinem nächsten Besuch.",
    "When a player runs out of time": "Wenn die Zeit eines Spielers abläuft",
    "The player is dropped and a bot finishes the game for them":
        "Der Spieler scheidet aus und ein Bot spielt die Partie für ihn zu Ende",
    "The game is cancelled without a result": "Die Partie wird ohne Ergebnis abgebrochen",
    "No time limit (cancelled after 60 days without a move)": "Kein Zeitlimit (Abbruch nach 60 Tagen ohne Zug)",
    "See the invitation": "Zur Einladung",
    "Open the game": "Zur Partie",
    "Your profile": "Dein Profil",
    "You are on vacation: your clocks are paused.": "Du bist im Urlaub: deine Uhren sind angehalten.",
    "You have no vacation days left.": "Du hast keine Urlaubstage mehr.",
    "Welcome back: your clocks run again.": "Willkommen zurück: deine Uhren laufen wieder.",
    "Vacation": "Urlaub",
    "You have %(days)s vacation days left. While you are on vacation all your clocks are paused. "
    "You earn one more day for every 8 games you finish (at most 30).":
        "Du hast noch %(days)s Urlaubstage. Im Urlaub sind alle deine Uhren angehalten. "
        "Für je 8 beendete Partien bekommst du einen Tag dazu (höchstens 30).",
    "You are on vacation since %(since)s.": "Du bist seit %(since)s im Urlaub.",
    "End my vacation": "Urlaub beenden",
    "Start my vacation": "Urlaub beginnen",
    "Hello %(name)s,": "Hallo %(name)s,",
    "Your email settings": "Deine E-Mail-Einstellungen",
    "Unsubscribe from these emails": "Diese E-Mails abbestellen",
    "Nobody moved in %(title)s for 60 days, so the game is cancelled without a result.":
        "In %(title)s hat 60 Tage lang niemand gezogen, deshalb wird die Partie ohne Ergebnis abgebrochen.",
    "%(host)s invites you to a game of %(game_title)s for %(players)s players, %(days)s day per move.": [
        "%(host)s lädt dich zu einer Partie %(game_title)s für %(players)s Spieler ein, %(days)s Tag pro Zug.",
        "%(host)s lädt dich zu einer Partie %(game_title)s für %(players)s Spieler ein, %(days)s Tage pro Zug.",
    ],
    "%(player)s ran out of time in %(title)s. A bot plays that seat to the end; the result counts for the other players only.":
        "Die Zeit von %(player)s in %(title)s ist abgelaufen. Ein Bot spielt diesen Platz zu Ende; "
        "das Ergebnis zählt nur für die anderen Spieler.",
    "ran out of time": "Zeit abgelaufen",
    "%(title)s has been waiting for your move for %(since)s.": "%(title)s wartet seit %(since)s auf deinen Zug.",
    "%(title)s has started with %(players)s.": "%(title)s hat begonnen, mit %(players)s.",
    "It's your turn.": "Du bist am Zug.",
    "It's %(acting)s's turn; we will email you when it is yours.":
        "%(acting)s ist am Zug; wir schreiben dir, wenn du dran bist.",
    "You ran out of time in %(title)s, so the game is cancelled without a result.":
        "Deine Zeit in %(title)s ist abgelaufen, deshalb wird die Partie ohne Ergebnis abgebrochen.",
    "You ran out of time in %(title)s. A bot plays your seat to the end so the others can finish; you rank last.":
        "Deine Zeit in %(title)s ist abgelaufen. Ein Bot spielt deinen Platz zu Ende, damit die anderen "
        "fertig spielen können; du wirst Letzter.",
    "%(player)s ran out of time in %(title)s, so the game is cancelled without a result.":
        "Die Zeit von %(player)s in %(title)s ist abgelaufen, deshalb wird die Partie ohne Ergebnis abgebrochen.",
    "Your time to move ran out, so your vacation started automatically and all your clocks are paused. "
    "It ends when you next visit the site; %(left)s vacation days are left.":
        "Deine Zeit für einen Zug war abgelaufen, deshalb hat dein Urlaub automatisch begonnen und alle deine "
        "Uhren sind angehalten. Er endet bei deinem nächsten Besuch; du hast noch %(left)s Urlaubstage.",
    "Only %(left)s left for your move in %(title)s.": "Nur noch %(left)s für deinen Zug in %(title)s.",
    "%(title)s is over. The final ranking:": "%(title)s ist zu Ende. Die Wertung:",
    "Rank": "Platz",
    "Player": "Spieler",
    "Score": "Punkte",
    "See the game": "Zur Partie",
    "%(title)s is over": "%(title)s ist zu Ende",
    "The whole game, move by move:": "Die ganze Partie, Zug für Zug:",
    "%(title)s is cancelled": "%(title)s ist abgebrochen",
    "%(host)s invites you to %(game_title)s": "%(host)s lädt dich zu %(game_title)s ein",
    "%(player)s ran out of time in %(title)s": "Die Zeit von %(player)s in %(title)s ist abgelaufen",
    "Please move by %(deadline)s, or your time runs out.": "Bitte ziehe bis %(deadline)s, sonst läuft deine Zeit ab.",
    "Play now": "Jetzt spielen",
    "Reminder: %(title)s is waiting for you": "Erinnerung: %(title)s wartet auf dich",
    "%(title)s has started: it's your turn": "%(title)s hat begonnen: du bist am Zug",
    "%(title)s has started": "%(title)s hat begonnen",
    "You ran out of time in %(title)s": "Deine Zeit in %(title)s ist abgelaufen",
    "It's your turn in %(title)s.": "Du bist am Zug in %(title)s.",
    "These %(counter)s game is waiting for you:": [
        "Diese %(counter)s Partie wartet auf dich:", "Diese %(counter)s Partien warten auf dich:"],
    "move by %(deadline)s": "ziehe bis %(deadline)s",
    "It's your turn in %(title)s": "Du bist am Zug in %(title)s",
    "It's your turn in %(counter)s game": [
        "Du bist am Zug in %(counter)s Partie", "Du bist am Zug in %(counter)s Partien"],
    "Unsubscribe": "Abbestellen",
    "This unsubscribe link is not valid. You can change your emails on your profile page.":
        "Dieser Abbestell-Link ist ungültig. Deine E-Mails kannst du auf deiner Profilseite einstellen.",
    "Done: you will not get these emails any more. You can switch them on again on your profile page.":
        "Erledigt: du bekommst diese E-Mails nicht mehr. Auf deiner Profilseite kannst du sie wieder einschalten.",
    "Stop these emails for %(name)s?": "Diese E-Mails für %(name)s abbestellen?",
    "Stop every email from this site": "Alle E-Mails dieser Seite abbestellen",
    "Your vacation started automatically": "Dein Urlaub hat automatisch begonnen",
    "Your time is running out in %(title)s": "Deine Zeit läuft ab in %(title)s",
}
