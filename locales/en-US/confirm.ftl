# Confirmations of what cannot be undone, and the lines that close a
# private menu or confirmation once it has acted.

abort-confirm = Abort game #{ $game } ({ $players })? It ends without a result. This cannot be undone.
button-abort-confirm = Abort the game
abort-done = Game #{ $game } aborted.
resign-done = You resigned game #{ $game }.
menu-played = You played **{ $notation }** in game #{ $game }.
tournament-withdraw-confirm = Withdraw from { $title }? Your unfinished games will be lost by forfeit and you will not be paired again. This cannot be undone.
button-withdraw = Withdraw
tournament-withdraw-done = You withdrew from { $title }.
