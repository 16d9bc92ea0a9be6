# Puzzles: /puzzle, its menus and buttons, the daily puzzle.

cmd-puzzle-name = puzzle
cmd-puzzle-desc = Puzzles from this server's games: solve one, your figures, the best solvers
sub-puzzle-play-name = play
sub-puzzle-play-desc = A puzzle near your puzzle rating (only you see it)
sub-puzzle-stats-name = stats
sub-puzzle-stats-desc = A player's puzzle rating, solved puzzles and streak, with a chart
sub-puzzle-leaderboard-name = leaderboard
sub-puzzle-leaderboard-desc = This server's best puzzle solvers
sub-puzzle-answer-name = answer
sub-puzzle-answer-desc = Answer your open puzzle with a move typed as in /move
opt-puzzle-answer-move-name = move
opt-puzzle-answer-move-desc = Your move: 11-15, 22x13 (the legal ones are suggested as you type)
err-no-open-puzzle = You have no puzzle open: `/puzzle play` gives one.
opt-puzzle-stats-user-name = user
opt-puzzle-stats-user-desc = Whose figures (yours if not given)
opt-settings-puzzle-channel-name = puzzle-channel
opt-settings-puzzle-channel-desc = Managers: the channel where the bot posts a puzzle every day
opt-settings-puzzle-hour-name = puzzle-hour
opt-settings-puzzle-hour-desc = Managers: the hour (0-23, server's time zone) the daily puzzle is posted
opt-settings-no-daily-puzzle-name = no-daily-puzzle
opt-settings-no-daily-puzzle-desc = Managers: stop posting the daily puzzle

puzzle-headline = 🧩 **Puzzle #{ $id }** · { $side } to move and win · puzzle rated { $rating }
puzzle-from-game = From { $white } vs { $black } (game #{ $game }), move { $number }.
puzzle-from-set = From the bot's starting set.
puzzle-resumed = You left this puzzle unfinished: here it is where you stopped.
puzzle-your-move = Choose your move below.
puzzle-menu-placeholder = Your move
puzzle-right = ✅ **{ $played }** is right. The reply: **{ $reply }**. Your move again.
puzzle-solved = ✅ **Solved!** { $played } wins.
puzzle-solved-alternative = ✅ **Solved!** { $played } wins as well (the line found was { $line }).
puzzle-failed = ❌ { $played } does not win: **{ $right }** does (the blue arrow; yours is the red one). The whole solution, **{ $line }**, plays in the animation.
alt-puzzle-miss = { $position } Your move, { $tried }, shown by a red arrow; the move that wins, { $right }, by a blue arrow.
alt-puzzle-solution = Animation of the solution of puzzle #{ $id }: { $line }.
puzzle-theme = Theme: { $theme }.
puzzle-theme-shot = a shot (a combination that wins material)
puzzle-theme-breakthrough = a breakthrough (a man crowned on the way)
puzzle-theme-endgame = an endgame won by force
puzzle-rating-change = Your puzzle rating: { $before } → **{ $after }** ({ $diff }) · streak { $streak } (best { $best })
puzzle-already-solved = You solved puzzle #{ $id } already. Its solution is shown here once the day is over.
puzzle-already-failed = You tried puzzle #{ $id } already and missed it. Its solution is shown here once the day is over.
button-next-puzzle = Next puzzle
button-report-puzzle = Report as wrong
button-puzzle-reported = Reported: thank you
button-solve = Solve

puzzle-stats-none = { $player } has not finished a puzzle in this server yet: `/puzzle play` gives one.
puzzle-stats-title = **Puzzle rating of { $player }**: **{ $rating }** (RD { $deviation }) · { $solved } solved of { $played } · streak { $streak } (best { $best })
puzzle-chart-title = Puzzle rating of { $player }
puzzle-chart-figures = Now { $rating } · { $solved } solved of { $played }
puzzle-chart-alt = Chart of the puzzle rating of { $player } { $count ->
        [one] after 1 puzzle
       *[other] after each of { $count } puzzles
    }; now { $rating }.
puzzle-leaderboard-title = **Best puzzle solvers** of this server (20 puzzles or more)
puzzle-leaderboard-line = { $rank }. { $player } **{ $rating }** · { $solved } solved of { $played } · best streak { $best }
puzzle-leaderboard-empty = No one in this server has finished 20 puzzles yet: `/puzzle play` gives one.

daily-puzzle-post = 🧩 **Puzzle of the day** ({ $date }): { $side } to move and win. Press **Solve** to try it: your answers stay private, and the solution is shown here tomorrow.
daily-puzzle-count = So far { $played ->
    [one] one player finished it
   *[other] { $played } players finished it
}, { $solved ->
    [0] none solved it
   *[other] { $solved } solved it
}.
daily-puzzle-revealed = 🧩 **Puzzle of the day** ({ $date }), { $side } to move and win: the solution was **{ $line }**, { $theme }.
daily-puzzle-count-final = { $played ->
    [one] One player tried it
   *[other] { $played } players tried it
}; { $solved ->
    [0] none solved it
   *[other] { $solved } solved it
}.

settings-daily-puzzle = Daily puzzle: in { $channel } at { $hour } ({ $zone }).
settings-no-daily-puzzle = Daily puzzle: off (`puzzle-channel` sets one).

err-no-puzzle-left = You have seen every puzzle the bot holds. New ones come from this server's finished games.
err-puzzle-over = This puzzle is over: `/puzzle play` gives the next one.
err-puzzle-moved-on = This board is no longer current (another answer came first): nothing was played.
err-not-your-puzzle = This puzzle was shown to someone else: `/puzzle play` gives you your own.
err-puzzle-not-over = A puzzle can be reported once you have finished it.
err-no-daily-puzzle = There is no puzzle of that day in this server.
err-daily-puzzle-revealed = That day's puzzle is over and its solution is out: `/puzzle play` gives you another.
err-puzzle-hour = { $hour } is not an hour: give 0 to 23.
