# What the bot says about games and challenges. Messages everyone in a
# channel reads are in the server's language; private answers in the user's.

something-went-wrong = Something went wrong on my side. Please try again in a moment.
ping-note = { $players }: see the message above.
no-picture = (No picture: I lack the **Attach Files** permission in this channel.)
err-server-only = Games are played in a server: use /{ $command } in a channel of a server I am in. Here I answer /help and /moves.
err-unknown-command = I do not know the command /{ $command }.
err-games-server-only = This lists a server's games; use it in a server.
err-no-opponent = Choose an opponent to challenge.
err-unknown-color = Unknown color `{ $name }`: choose white, black or random.
err-unknown-variant = Unknown variant `{ $name }`: choose classic or giveaway.
err-unknown-draw-rules = Unknown draw rules `{ $name }`: choose classic, ludoteka, long or hundred.
err-unknown-side = Unknown side `{ $name }`: choose white or black.

button-abort = Abort
button-accept = Accept
button-decline = Decline
button-cancel = Cancel
button-resign = Resign
button-accept-draw = Accept draw
button-decline-draw = Decline draw
button-withdraw-draw = Withdraw offer
button-takeback = Take back
button-accept-takeback = Allow takeback
button-decline-takeback = Refuse takeback
button-previous = Previous
button-next = Next
button-replay = Replay
button-unknown = This button is no longer in use.
button-game-over = This button belongs to a game that is over.

# Players and the state of a game.
seat = { $player } ({ $side })
seat-engine = { $player } ({ $side }, level { $level })
players = { $white } vs { $black }
numbered-players = **Game #{ $game }** · { $players }
to-move = { $player } to move, deadline { $deadline }.
to-move-bot = { $player } to move: it answers within moments.
to-move-on-vacation = { $player } to move, on vacation: this game's clock stands still until they are back.
# The score in points as players count them, a win 1, a draw ½ each,
# written out so that "0-1" is never read as a loss of the winner.
game-over-win = **Game over.** { $winner } wins: { $reason }. Score: White { $white }, Black { $black }.
game-over-draw = **Game over.** Draw { $reason }. Score: White { $white }, Black { $black }.
reason-no-legal-move = { $player } has no legal move
reason-repetition = by threefold repetition
reason-king-move-rule = by the king-move rule
reason-three-kings-rule = by the three-kings-against-one rule
reason-resigned = { $player } resigned
reason-out-of-time = { $player } ran out of time
reason-agreement = by agreement
reason-resignation = by resignation
reason-on-time = on time
game-aborted-by = **Game aborted** by { $player }: no result.
game-aborted = **Game #{ $game } aborted** by { $player }: it ends without a result.
    { $players }
game-aborted-next = A new challenge may start here.

# Challenges.
challenge-text = { $opponent }, { $challenger } challenges you to a game of Spanish draughts.
    { $terms }
    The challenge expires { $expires }.
challenge-plays = { $player } plays { $side }
challenge-random-colors = colors drawn at random
challenge-rated = rated
challenge-casual = casual (not rated)
challenge-casual-giveaway = casual: giveaway games are not rated
challenge-casual-set-up = casual: games from a set-up position are not rated
challenge-match = a match of 4 games (colors alternate; games 3 and 4 from a balanced opening)
challenge-days = { $days ->
        [one] 1 day per move
       *[other] { $days } days per move
    }
time-control-fischer = { $start } + { $increment } per move (at most { $max })
time-control-weekends-off = { $control }, weekends off ({ $zone })
duration-days = { $days ->
        [one] 1 day
       *[other] { $days } days
    }
duration-hours = { $hours ->
        [one] 1 hour
       *[other] { $hours } hours
    }
duration-under-an-hour = less than an hour
clock-waiting-bank = { $player } has { $bank } in the bank.
challenge-variant = variant { $variant }
challenge-variant-giveaway = variant { $variant }: the aim is reversed, the player left without a move wins
challenge-draw-rules = draw rules { $rules }
challenge-from = from `{ $position }`
challenge-accepted = { $player } accepted the challenge. The game begins!
challenges-closed-by-game = The other challenges in this channel are closed, as it now holds this game: { $challenges }.
challenges-closed-by = { $player } closed the open challenges in this channel: { $challenges }.
challenge-between = { $challenger } to { $opponent }
challenge-declined = { $opponent } declined the challenge from { $challenger }.
challenge-withdrawn = { $challenger } withdrew the challenge to { $opponent }.
challenge-expired = { $challenger }, your challenge to { $opponent } expired without an answer.
# Under a closed challenge's post, its terms struck through above.
challenge-post-accepted = { $player } accepted this challenge: the game has begun.
challenge-post-closed-by = { $player } closed this challenge.
challenge-post-closed-by-game = Closed: this channel now holds another game.
bot-game-starts = { $player } starts a game against me at level { $level }. The game begins!

# Moves, draws, resignation, the clock.
played = { $player } played **{ $notation }**.
bot-played = { $bot } (level { $level }) played **{ $notation }**.
bot-played-bare = I played **{ $notation }**.
resign-confirm = Resign this game against { $opponent }? This cannot be undone.
resigned = { $player } resigned.
draw-offered = { $player } offers a draw. { $opponent }, do you accept?
draw-accepted = { $player } accepted the draw.
draw-declined = { $player } declined the draw offer. The game goes on.
# Under a draw offer or takeback request struck through once it has ended.
offer-closed = *No longer open.*
more-time-given = { $player } gives { $opponent } { $days ->
        [one] 1 more day
       *[other] { $days } more days
    } for this move: the deadline is now { $deadline }.
more-time-given-paused = { $player } gives { $opponent } { $days ->
        [one] 1 more day
       *[other] { $days } more days
    } for this move. Their clock stands still while they are on vacation: the days are added to the time they have when it runs again.
vacation-notice = { $opponent }: { $player } is on vacation. The clock of this game stands still until { $until } at the latest; their deadline moves by the time they are away.
vacation-over = { $player }, your vacation days have run out: the clock of this game runs again. Your move is due { $deadline }.
vacation-back = { $player }'s vacation is over: the clock of this game runs again. Their move is due { $deadline }.
vacation-started = Your vacation has started. The clocks of your games in this server where you are to move stand still (also in games that reach you meanwhile) until { $until } at the latest, when the { $days ->
        [one] 1 day
       *[other] { $days } days
    } you have left this year run out. Your opponents are told. Your first move or `/vacation action:end` ends it.
vacation-ended = Your vacation has ended: it used { $used ->
        [one] 1 day
       *[other] { $used } days
    } (every day begun counts); { $days ->
        [one] 1 day is
       *[other] { $days } days are
    } left this year. { $games ->
        [0] No game was waiting for your move.
        [one] The deadline of 1 game moved by the time you were away.
       *[other] The deadlines of { $games } games moved by the time you were away.
    }
vacation-ended-by-move = { $player }'s vacation ends with this move ({ $used ->
        [one] 1 day used
       *[other] { $used } days used
    }): the clocks of their games run again.
vacation-away = You are on vacation since { $since }, until { $until } at the latest: the clocks of your games where you are to move stand still. Your first move or `/vacation action:end` ends it.
vacation-days-left = You have { $days ->
        [one] 1 vacation day
       *[other] { $days } vacation days
    } left this year in this server (of { $allowance }). `/vacation action:start` stops the clocks of your games while you are away. Days are counted in 24 hours from the start of a vacation, and each one begun counts whole: a vacation of a few minutes uses 1 day.
bot-accepts-draw = { $player } accepts the draw.
bot-declines-draw = { $player } declines the draw offer. The game goes on.
draw-withdrawn = { $player } withdrew their draw offer. The game goes on.
takeback-asked = { $player } asks to take back their move **{ $notation }**. { $opponent }, do you allow it?
takeback-accepted = { $player } let { $requester } take back **{ $notation }**.
takeback-declined = { $player } refused to let { $requester } take back their move. The game goes on.
bot-declines-takeback = { $player } does not take moves back: a move played against the engine stands. The game goes on.
reminder = { $player }, reminder: your move is due { $deadline }.
time-is-up = Time is up.
time-is-up-in = Time is up in the game { $players }.

# /games, /pdn, /moves.
games-none = No games are being played in this server. Start one with { $challenge }.
games-title = **Live games ({ $count })**, nearest deadline first
games-page = {" "}- page { $page } of { $pages }
games-line = { $channel }: { $white } vs { $black } - { $player } to move, deadline { $deadline }.
deadline-on-vacation = paused (on vacation)
history-none = { $player } has no ended game in this server yet.
history-title = **Games of { $player } in this server ({ $total })**: { $wins } won, { $draws } drawn, { $losses } lost
history-line = #{ $game } · { $date } · { $side } against { $opponent } · { $result }
history-won = won ({ $reason })
history-drawn = draw ({ $reason })
history-lost = lost ({ $reason })
history-aborted = aborted, no result
why-no-legal-move = no legal move left
why-repetition = repetition
why-king-move-rule = king-move rule
why-three-kings-rule = three kings against one
why-resignation = resignation
why-agreement = agreement
why-time = on time
pdn-so-far = The record so far - { $players }
pdn-final = The record - { $players }
pdn-aborted = The record - { $players } (aborted, no result)
replay-caption = Replay of { $players }
replay-failed = I could not make the replay of this game just now (the game itself is not affected). Please try again in a moment.
replay-too-long = This game is too long for a replay ({ $plies ->
        [one] 1 ply
       *[other] { $plies } plies
    }; at most { $max }). Its record (`/pdn`) has every move.
game-summary = **Game #{ $game }** in { $channel }, started { $started } · { $days } · { $plies ->
        [one] 1 ply played
       *[other] { $plies } plies played
    }
moves-of-position = the position given
moves-of-game = this channel's game
moves-of-start = the start position (there is no game in this channel)
moves-none = In { $whose }, { $side } is to move and has no legal move.
moves-quiet = In { $whose }, { $side } is to move. { $count ->
        [one] 1 legal move:
       *[other] { $count } legal moves:
    }
moves-captures = In { $whose }, { $side } is to move. { $count ->
        [one] 1 legal capture
       *[other] { $count } legal captures
    } (capturing is compulsory):

# /analyze.
analysis-title = **Analysis** of `{ $position }` (level { $level })
review-title = **Review** of the game { $players }
review-final = **Final position:** { $verdict }
review-clean = No move changed the evaluation much: a clean game.
review-swings = Moves where the evaluation swung most:
review-swing = { $number } { $played } ({ $side }): better **{ $better }** ({ $before } before, { $after } after, for { $side })
verdict = Best move: **{ $best }** ({ $side } to move). { $evaluation }
    Line: { $line }
verdict-no-move = { $side } is to move and has no legal move: { $winner } wins.
eval-wins-in = { $side } wins in { $plies ->
        [one] 1 ply.
       *[other] { $plies } plies.
    }
eval-draw = A draw with best play.
eval-wins-by-force = { $side } wins by force.
eval-equal = The position is about equal ({ $side } { $men } men).
eval-slightly-better = { $side } is slightly better, about { $men } men.
eval-better = { $side } is better, about { $men } men.
eval-winning = { $side } is winning, about { $men } men.
score-winning = winning
score-losing = losing
score-men = { $men } men

# Ratings.
game-rating-changes = Ratings: { $changes }
rating-change = { $player } { $rating } ({ $delta })
rating-title = **Rating of { $player }** in this server: **{ $rating }** (RD { $deviation })
rating-games = { $games ->
        [one] 1 rated game
       *[other] { $games } rated games
    }
rating-best = best { $best }
rating-provisional = A "?" marks a provisional rating: it settles (RD 110 or less) after a few more rated games.
rating-none = { $player } has played no rated game in this server yet: a rating starts at 1500 (RD 350).
rating-deviation-note = RD is the rating's uncertainty: the player's true strength most likely lies within RD points of it. It shrinks with every rated game.
rating-chart-failed = The rating chart could not be drawn this time; the figures above are right.

# Dates the bot writes itself (UTC): a chart's axis and its alt text.
date-month-short = { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    }
date-day-month = { $month } { $day }
date-month-year = { $month } { $year }
date-day-month-year = { $month } { $day }, { $year }

# The /rating chart: its title, its line of figures, the legend of its band.
rating-chart-title = Rating of { $player } in { $server }
rating-chart-this-server = this server
rating-chart-now = Now { $rating } (RD { $deviation })
rating-chart-peak = Peak { $peak }
rating-chart-results = { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    }, { $draws ->
        [one] 1 draw
       *[other] { $draws } draws
    }, { $losses ->
        [one] 1 loss
       *[other] { $losses } losses
    }
rating-chart-band = rating ± RD (uncertainty)

leaderboard-title = **Leaderboard** of this server (established ratings, RD 110 or less)
leaderboard-line = { $rank }. { $player } **{ $rating }** · { $games ->
        [one] 1 game
       *[other] { $games } games
    }
leaderboard-empty = No one in this server has an established rating yet: it takes a few rated games to get one (RD 110 or less).

# Match play (RULES 8.3).
match-line = Match: game { $number } of 4 · { $first } { $first_points } - { $second } { $second_points }
match-won = **Match over**: { $player } wins the match { $score }.
match-drawn = **Match over**: the match is drawn { $score }.
match-aborted = The match is aborted: no further game is played.
match-game-begins = **Game { $number } of the match begins.**
match-game-opening = It starts from the opening drawn for games 3 and 4: { $opening }.
thread-name = Game #{ $game } · { $white } vs { $black }
thread-name-opening = { $white } vs { $black }
thread-bot = { $bot } (level { $level })
game-in-thread = { $player } accepted the challenge: game #{ $game } is played in { $thread }.
threads-unavailable = (The bot cannot open a thread here, so games are played in this channel, one at a time.)
settings-threads-on = Each new game in this server is played in a thread of its own, opened from the channel of its challenge.
settings-threads-off = New games in this server are played in the channel of their challenge, one per channel.
settings-changed-by = { $player } changed the bot's settings for this server.
err-unknown-setting = `{ $value }` is not a value of this setting: choose on or off.
game-in-thread-bot = { $player } plays me: game #{ $game } is played in { $thread }.

# Alt text: the description Discord keeps with each picture or file, for
# readers who cannot see it (at most 1,024 characters).
alt-to-move = { $side ->
        [white] White to move.
       *[black] Black to move.
    }
alt-final-position = Final position.
alt-last-move = Last move { $notation }.
alt-men = { $count ->
        [one] man { $squares }
       *[other] men { $squares }
    }
alt-kings = { $count ->
        [one] king { $squares }
       *[other] kings { $squares }
    }
alt-side-pieces = { $side ->
        [white] White { $pieces }.
       *[black] Black { $pieces }.
    }
alt-side-no-pieces = { $side ->
        [white] White has no pieces.
       *[black] Black has no pieces.
    }
alt-game-board = Board of game #{ $game }. { $position }
alt-moves-arrows = An arrow marks each legal move.
alt-best-move = Best move { $notation }, shown by a blue arrow.
alt-replay = Replay of game #{ $game }: { $white } vs { $black }, { $plies ->
        [one] 1 ply
       *[other] { $plies } plies
    }, { $outcome }.
alt-outcome-result = result { $score }
alt-outcome-live = still being played
alt-outcome-aborted = aborted without a result
alt-pdn = Game record of game #{ $game } (PDN), { $plies ->
        [one] 1 ply
       *[other] { $plies } plies
    }.
alt-rating-chart = Chart of the rating of { $player } in { $server } over { $games ->
        [one] 1 rated game
       *[other] { $games } rated games
    }, { $when }: now { $rating }, RD { $deviation } (the rating's uncertainty); { $results }.
alt-rating-chart-on = on { $day }
alt-rating-chart-between = from { $from } to { $to }
alt-rating-chart-peak = Peak { $peak }, on { $date }.
alt-a-player = a player
mygames-none = You have no live game in this server. Start one with { $challenge }.
mygames-title = **Your live games ({ $count })**, your move first, nearest deadline first
mygames-line-your-move = [Game #{ $game }]({ $link }) against { $opponent }, you play { $side }, { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    } - **your move**, deadline { $deadline }.
mygames-line-waiting = [Game #{ $game }]({ $link }) against { $opponent }, you play { $side }, { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    } - their move, deadline { $deadline }.
notify-set = Done.
notify-ping = You are told it is your move by the ping in the game's channel (or thread). `/notify` can add a direct message with every move, or a daily digest.
notify-dm = You get a direct message with every move that makes it your move (with the board and a link), and with the reminder before a deadline and a loss on time, besides the ping in the game's channel.
notify-digest = You get one direct message a day at { $hour } UTC (next: { $next }) listing the games where it is your move, when there is one; the reminder before a deadline and a loss on time come by direct message too.
notify-off = You get no direct messages from the bot in this server, only the ping in the game's channel.
notify-hour-digest-only = The hour is for the daily digest only: choose the mode `digest` with it.
notify-bad-hour = The hour must be between 0 and 23 (UTC).
notify-dms-closed = I could not send you a direct message: your direct messages are closed to me (Discord's privacy settings for this server). You keep the ping in the game's channel; open your direct messages and choose `/notify` again to get them.
dm-your-move = Your move in [Game #{ $game }]({ $link }): { $opponent } played **{ $notation }**. Deadline { $deadline }.
dm-reminder = Reminder: it is your move in [Game #{ $game }]({ $link }), and your time runs out { $deadline }.
dm-game-over = [Game #{ $game }]({ $link }) is over.
dm-digest-title = **Your move in { $count ->
        [one] 1 game
       *[other] { $count } games
    }**, soonest deadline first:
dm-digest-more = ...and { $count } more: { $mygames } lists them all.
dm-vacation-over = **Your vacation days in this server have run out**: the clocks of your games run again. { $count ->
        [0] No game waits for your move.
        [one] Your move in 1 game:
       *[other] Your move in { $count } games, soonest deadline first:
    }

# Moves without typing: the Move button, its menus, and the confirmation
# of moves (`/settings confirm-moves`). Menu texts: at most 100 characters.
button-move = Move
button-confirm-move = Confirm
menu-choose-piece = Game #{ $game }: choose the piece to move.
menu-choose-move = Game #{ $game }: choose the move of the piece on { $square }.
menu-piece-placeholder = Choose a piece
menu-move-placeholder = Choose the move
menu-moves-part = Moves { $first }-{ $last } of { $count }
menu-piece-man = Man on { $square }
menu-piece-king = King on { $square }
move-preview = Play **{ $notation }**? This is the board after it; nothing is played until you press Confirm.
move-cancelled = Cancelled: nothing was played.
move-stale = Not played: the game has moved on since this was shown. Look at the latest board and choose again.
alt-preview-board = Board of game #{ $game } if { $notation } is played (not played yet). { $position }
settings-confirm-moves-on = Your moves in this server wait for your Confirm: `/move` and the Move button first show you the board after the move.
settings-confirm-moves-off = Your moves in this server are played as soon as you choose them.
settings-one-at-a-time = Change one kind of setting at a time: `threads`, `seek-role` and `vacation-days` are the server's, `confirm-moves` is yours.
challenge-anyone = anyone
challenge-open-text = **Open challenge**: { $challenger } challenges anyone here to a game of Spanish draughts; the first to press Accept plays.
    { $terms }
    The challenge expires { $expires }.
challenge-rating-range = for players rated within { $range } points
challenge-seek-role = { $role }, someone wants to play!
challenges-none = There is no open challenge for you in this server. Make one with { $challenge } (without an opponent, anyone may accept it).
challenges-title = **Open challenges ({ $count })**, newest first
challenges-line-open = { $challenger } challenges anyone in [{ $channel }]({ $link }): { $terms }; expires { $expires }.
challenges-line-to-you = { $challenger } challenges { $opponent } in [{ $channel }]({ $link }): { $terms }; expires { $expires }.
challenges-line-yours = You challenge { $opponent } in [{ $channel }]({ $link }): { $terms }; expires { $expires }.
settings-seek-role = Open challenges mention { $role }.
settings-no-seek-role = Open challenges mention no role (`seek-role` sets one).

# Premoves
premove-stored = Premove stored: { $line }.
premove-already = Your premoves already hold { $line }.
premove-none = You have no premoves in this game. Add replies to the moves you expect, e.g. `/premove line:22-18 15x22`: if your opponent plays 22-18, the bot plays 15x22 for you at once.
premove-lines = { $count ->
    [one] Your premove line in this game (their move → **your reply**), seen only by you:
   *[other] Your { $count } premove lines in this game (their move → **your reply**), seen only by you:
}
premove-cleared = { $count ->
    [0] You had no premoves in this game.
    [one] Your premove line in this game is cleared.
   *[other] Your { $count } premove lines in this game are cleared.
}
premove-played = { $player } replied **{ $notation }** by premove.
premove-follows = { $player } has a premove reply to this: it follows.
premoves-set-aside = { $player }: your premoves did not foresee this move, so none of them will play; the move is yours to choose.
settings-vacation-days = Each player has { $days ->
        [one] 1 vacation day
       *[other] { $days } vacation days
    } a year in this server (`/vacation`).
settings-vacation-off = Vacation is off in this server (`vacation-days` gives players days).
settings-weekends-off = Time zone { $zone }: new games take weekends off (Saturdays and Sundays don't count against the clocks) unless a challenge says otherwise.
settings-weekends-count = Time zone { $zone }: new games count every day unless a challenge takes weekends off (`weekends-off` changes the default).

# File names of attachments (ASCII, no spaces).
file-game = damas-game-{ $game }
file-tournament = damas-tournament-{ $tournament }
