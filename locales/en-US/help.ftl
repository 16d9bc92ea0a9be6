# /help: the commands, the rules in short. Placeholders are the commands'
# names as Discord shows them in this language.

help-title = **Spanish draughts (damas españolas) - correspondence games**
help-challenge = `{ $challenge } [@opponent]` challenge someone here, or anyone (`{ $challenges }`: open challenges); name me to play my engine
help-answer = `{ $accept }` `{ $decline }` `{ $cancel }` answer or withdraw a challenge
help-abort = `{ $abort }` a moderator ends a game without result
help-move = `{ $play } 11-15` play a move (`22x13` for a capture) or press Move
help-moves = `{ $moves } [position]` legal moves here, or of a PDN FEN
help-board = `{ $board }` the board, `{ $pdn } [game]` a record, `{ $replay } [game]` a GIF, `{ $game } number` a game, `{ $history }` games played, `{ $games }` live games
help-draw = `{ $draw }` offer or accept a draw; `{ $resign }` resign
help-mine = `{ $mygames }` your games; `{ $notify }` DMs or a daily digest
help-comfort = `{ $premove }` replies played for you, `{ $takeback }` undo your move, `{ $moretime }` more days for them, `{ $vacation }` pause your clocks
help-ratings = `{ $rating } [user]` a rating and its chart, `{ $leaderboard }` the top 10
help-analyze = `{ $analyze } [position] [level]` the best line of a FEN; here, a review of the game just ended
help-puzzles = `{ $puzzle } { $play }` a puzzle from this server's games, only for you; `{ $puzzle } { $stats }` and `{ $puzzle } { $leaderboard }` puzzle ratings
help-settings = `{ $settings }` settings: `threads` (one game per thread), `confirm-moves`, `timezone`, `weekends-off` and `puzzle-channel` (a puzzle a day)
help-rules-title = **Rules in short**
help-rule-board = - 8x8 board, 32 dark squares (one in each player's bottom-right corner). White on 1-12, Black on 21-32; White moves first.
help-rule-men = - Men move and capture one square diagonally forward only; a man reaching the far row becomes a king (mid-capture it stops there).
help-rule-kings = - Kings move and capture at any distance along free diagonals.
help-rule-capture = - Capturing is compulsory: the most pieces, then the most kings; captured pieces leave when the move ends.
help-rule-end = - A player with no legal move loses. Draws: agreement, threefold repetition, 40 plies in a row (20 each) of king moves only, 3 kings failing to beat 1 in 12 moves of their own.
help-rule-clock = - Each move has a deadline, with a reminder; missing it loses. `time:5d+1d max 10d` gives each player a bank instead of days per move.
help-squares-title = **Square numbers** (White's side at the bottom)
