# Confirmaciones de lo que no se puede deshacer, y las líneas que cierran
# un menú o una confirmación privados una vez usados.

abort-confirm = ¿Anular la partida #{ $game } ({ $players })? Terminará sin resultado. No se puede deshacer.
button-abort-confirm = Anular la partida
abort-done = Partida #{ $game } anulada.
resign-done = Abandonaste la partida #{ $game }.
menu-played = Jugaste **{ $notation }** en la partida #{ $game }.
tournament-withdraw-confirm = ¿Retirarte de { $title }? Perderás por incomparecencia las partidas que te queden y no se te emparejará más. No se puede deshacer.
button-withdraw = Retirarme
tournament-withdraw-done = Te retiraste de { $title }.
