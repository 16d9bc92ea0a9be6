# Tournaments (RULES 8.4): the commands, their refusals, and what the bot
# posts about them.

cmd-tournament-name = tournament
cmd-tournament-desc = Tournaments of this server: create, join, start, standings, every game's record
cmd-tournaments-name = tournaments
cmd-tournaments-desc = This server's tournaments (signing up, running, over), newest first
sub-tournament-create-name = create
sub-tournament-create-desc = Managers of the server or its events: a new tournament in this channel
sub-tournament-join-name = join
sub-tournament-join-desc = Sign up for a tournament
sub-tournament-leave-name = leave
sub-tournament-leave-desc = Take your name off a tournament that has not started
sub-tournament-start-name = start
sub-tournament-start-desc = The organizer: start a tournament; its games open in threads here
sub-tournament-standings-name = standings
sub-tournament-standings-desc = A tournament's standings as a picture
sub-tournament-pdn-name = pdn
sub-tournament-pdn-desc = Every game of a tournament in one PDN file
sub-tournament-withdraw-name = withdraw
sub-tournament-withdraw-desc = Leave a tournament: your unfinished games are lost by forfeit
sub-tournament-remove-name = remove
sub-tournament-remove-desc = The organizer: take a player out (their unfinished games are lost by forfeit)
sub-tournament-cancel-name = cancel
sub-tournament-cancel-desc = The organizer: end a tournament, aborting its unfinished games
opt-tournament-create-name-name = name
opt-tournament-create-name-desc = The tournament's name
opt-tournament-create-format-name = format
opt-tournament-create-format-desc = How players are paired
opt-tournament-create-rounds-name = rounds
opt-tournament-create-rounds-desc = Swiss only: the rounds (default: enough for a winner)
opt-tournament-create-days-name = days
opt-tournament-create-days-desc = Days per move, 1-14 (default 3)
opt-tournament-create-time-name = time
opt-tournament-create-time-desc = Time control instead of days: 3d/move, or a bank like 5d+1d max 10d
opt-tournament-create-weekends_off-name = weekends_off
opt-tournament-create-weekends_off-desc = Saturdays and Sundays don't count against its games' clocks (default: the server's setting)
opt-tournament-create-variant-name = variant
opt-tournament-create-variant-desc = Rules variant (default: classic)
opt-tournament-create-draw_rules-name = draw_rules
opt-tournament-create-draw_rules-desc = Draw-rule preset (default: classic)
opt-tournament-create-rated-name = rated
opt-tournament-create-rated-desc = Whether its games count for ratings (default: yes)
opt-tournament-create-max_players-name = max_players
opt-tournament-create-max_players-desc = The most players (round-robin 3-16, Swiss 4-128)
opt-tournament-create-vacation-name = vacation
opt-tournament-create-vacation-desc = Whether a vacation stops its games' clocks (default: yes)
opt-tournament-join-number-name = number
opt-tournament-join-number-desc = The tournament's number
opt-tournament-leave-number-name = number
opt-tournament-leave-number-desc = The tournament's number
opt-tournament-start-number-name = number
opt-tournament-start-number-desc = The tournament's number
opt-tournament-standings-number-name = number
opt-tournament-standings-number-desc = The tournament's number
opt-tournament-pdn-number-name = number
opt-tournament-pdn-number-desc = The tournament's number
opt-tournament-withdraw-number-name = number
opt-tournament-withdraw-number-desc = The tournament's number
opt-tournament-remove-number-name = number
opt-tournament-remove-number-desc = The tournament's number
opt-tournament-remove-player-name = player
opt-tournament-remove-player-desc = The player to take out
opt-tournament-cancel-number-name = number
opt-tournament-cancel-number-desc = The tournament's number
choice-format-round-robin = round-robin
choice-format-double-round-robin = double round-robin
choice-format-swiss = Swiss

help-tournaments = `{ $tournament }` tournaments: create, join, start, standings; `{ $tournaments }` the list

err-no-tournament = There is no tournament #{ $number } in this server (`/tournaments` lists them).
err-not-tournament-manager = Only those who manage the server or its events create tournaments.
err-not-organiser = Only its organizer, { $organiser }, or those who manage the server may do that.
err-tournament-name = A tournament's name has 1 to { $max } characters.
err-rounds-for-swiss-only = Only a Swiss is given its rounds: a round-robin has as many as it needs.
err-rounds-out-of-range = A Swiss has 1 to { $max } rounds.
err-max-players-out-of-range = This format takes { $least } to { $most } players.
err-bot-cannot-join = Bot accounts do not play in tournaments.
err-already-entered = You are signed up already.
err-tournament-full = This tournament is full ({ $players } players).
err-signup-closed = This tournament takes no more players: it has started or is over.
err-not-entered = You are not in this tournament.
err-player-not-entered = { $player } is not in this tournament.
err-leave-after-start = This tournament has started: to leave it, withdraw (your unfinished games are lost by forfeit).
err-already-started = This tournament has started already.
err-too-few-entrants = { $players ->
        [0] Nobody has signed up yet
        [one] Only 1 player has signed up
       *[other] Only { $players } players have signed up
    }: this tournament needs { $least } to start.
err-too-many-entrants = { $players } players have signed up, more than the { $most } this format takes.
err-tournament-changed = The tournament changed meanwhile (a player joined or left, or it started): try again.
err-tournament-not-started = This tournament has not started yet.
err-tournament-no-games = No game of this tournament has started yet.
err-tournament-over = This tournament is over.
err-already-withdrawn = That player has withdrawn already.
err-no-takeback-in-tournament = Tournament games allow no takebacks.
err-no-abort-in-tournament = A tournament game is not aborted: its organizer may remove a player (`/tournament remove`) or cancel the tournament.
err-tournament-needs-threads = Tournaments need a text channel where I may create public threads (each game gets one): grant me Create Public Threads here, or use another channel.
err-tournament-number = Say which tournament: its number.
err-tournament-player = Say which player.
err-tournament-format = Choose a format: round-robin, double round-robin or Swiss.
err-bad-choice = That is not one of the choices of `{ $option }`.

reason-forfeit = { $player } withdrew from the tournament (forfeit)
reason-by-forfeit = by forfeit
why-forfeit = forfeit

button-join = Join
button-leave = Leave

tournament-title = **Tournament #{ $number } · { $name }**
tournament-format-round-robin = round-robin
tournament-format-double-round-robin = double round-robin
tournament-format-swiss = Swiss
tournament-rounds = { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }
tournament-vacation-allowed = vacation allowed
tournament-no-vacation = no vacation (clocks run)
tournament-and-more = and { $count } more
tournament-organiser = Organizer: { $organiser } · up to { $max } players
tournament-players-none = **Players:** nobody yet
tournament-players = **Players ({ $count }):** { $players }
tournament-signup-hint = Press **Join** to take part (or `{ $join }`); the organizer starts it with `{ $start }`.
tournament-running = Started { $date }: each game is played in a thread of its own here; the standings are below (`{ $standings }` for the picture).
tournament-finished = Finished { $date }. Winner: { $winners }
tournament-cancelled = Cancelled by { $player } { $date }.
tournament-no-winner = none
tournament-games-done = { $done } of { $all } games finished
tournament-round-of = round { $round } of { $rounds }
tournament-created = { $title } is created: its message follows in this channel. Players join with its **Join** button or `{ $join }`; start it with `{ $start }` once they have.
tournament-joined = You are in { $title } ({ $players ->
        [one] 1 player
       *[other] { $players } players
    } so far).
tournament-left = You are no longer in { $title }.
tournament-started = { $title } has started: { $players } players, { $games ->
        [one] 1 game
       *[other] { $games } games
    } { $all ->
        [yes] in all
       *[no] so far
    }. Each game opens in its own thread here and pings its players.
tournament-swiss-rounds = A Swiss of { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }: each round is paired when every game of the one before has ended.
tournament-rounds-cut = ({ $asked } rounds were asked; with { $players } players a Swiss has at most one round fewer than its players.)
tournament-bye = Bye this round: { $player } (1 point).
tournament-withdrew = { $player } withdrew from { $title }.
tournament-removed = { $organiser } removed { $player } from { $title }.
tournament-forfeits = { $count ->
        [0] No game of theirs was left unfinished.
        [one] Their 1 unfinished game is lost by forfeit.
       *[other] Their { $count } unfinished games are lost by forfeit.
    }
tournament-cancelled-by = { $player } cancelled { $title }: its unfinished games are aborted.
tournament-pdn = Every game of { $title } ({ $games } in all).
tournament-round-begins = { $title }: **round { $round } of { $rounds }** begins.
tournament-round-game = { $thread } { $white } (White) vs { $black } (Black)
tournament-round-forfeit = { $white } vs { $black }: not played (forfeit)
tournament-over-no-winner = { $title } is over.
tournament-over-winner = { $title } is over: { $player } wins with { $points } { $count ->
        [one] point
       *[other] points
    }!
tournament-over-shared = { $title } is over: { $players } share first place with { $points } { $count ->
        [one] point
       *[other] points
    }!
tournament-over-pdn = Every game in one file: `{ $command }`.
tournament-thread = { $name } · round { $round } · { $white } vs { $black }
tournament-game-line = Tournament #{ $number } · { $name } · round { $round }
tournament-game-begins = **A tournament game begins.**
tournament-game-ended = The tournament decided this game (a player withdrew or was removed, or the tournament was cancelled):

standings-title = { $title } · standings ({ $progress })
standings-cancelled = The tournament was cancelled.
standings-final = **Final standings.** Winner: { $winners }
standings-player = Player
standings-points = Pts
standings-buchholz = Bch-1
standings-sb = SB
standings-wins = Wins
standings-left = Left
standings-withdrawn = * withdrew
standings-picture-final = final standings
standings-legend = Pts: points (a win 1, a draw ½) · SB: Sonneborn-Berger, the points of the players beaten plus half those drawn with · Wins: games won · Left: games still to play
standings-legend-swiss = Pts: points (a win 1, a draw ½) · Bch-1: the points of one's opponents, less the lowest · SB: Sonneborn-Berger · Left: games still to play
standings-picture-hint = The picture, with the cross-table of a round-robin: `{ $command }`
standings-picture-title = Tournament #{ $number } · { $name }

tournaments-none = No tournament in this server yet: those who manage it create one with `{ $create }`.
tournaments-title = **Tournaments ({ $count })**
tournaments-line = **#{ $number }** { $name } · { $format } · { $stage } · { $players ->
        [one] 1 player
       *[other] { $players } players
    } · { $channel }
tournaments-signup = signing up
tournaments-running = running
tournaments-running-round = round { $round } of { $rounds }
tournaments-finished = finished
tournaments-cancelled = cancelled

alt-standings = Standings of { $title }, { $progress }: { $players }.
alt-standings-line = { $place } { $name }, { $points } { $count ->
        [one] point
       *[other] points
    }
alt-tournament-pdn = Game records of every game of { $title } (PDN), { $games ->
        [one] 1 game
       *[other] { $games } games
    }.
