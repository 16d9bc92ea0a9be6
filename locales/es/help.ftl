# /ayuda: los comandos y las reglas en breve. Los marcadores son los nombres
# de los comandos tal como Discord los muestra en este idioma.

help-title = **Damas españolas: partidas por correspondencia**
help-challenge = `{ $challenge } [@rival]` desafía aquí a alguien, o a cualquiera (`{ $challenges }`: desafíos abiertos); nómbrame para jugar contra mí
help-answer = `{ $accept }` `{ $decline }` `{ $cancel }` responde a un desafío o retíralo
help-abort = `{ $abort }` un moderador anula una partida
help-move = `{ $play } 11-15` juega (`22x13`: captura) o pulsa Mover
help-moves = `{ $moves } [posición]` jugadas legales aquí o de un FEN
help-board = `{ $board }` el tablero, `{ $pdn } [partida]` una planilla, `{ $replay } [partida]` un GIF, `{ $game } número` una partida, `{ $history }` terminadas, `{ $games }` en juego
help-draw = `{ $draw }` propone o acepta tablas; `{ $resign }` abandona
help-mine = `{ $mygames }` tus partidas; `{ $notify }` avisos por MD o resumen diario
help-comfort = `{ $premove }` respuestas jugadas por ti, `{ $takeback }` deshacer tu jugada, `{ $moretime }` más días al rival, `{ $vacation }` parar tus relojes
help-ratings = `{ $rating } [jugador]` puntuación y gráfico, `{ $leaderboard }` los 10 mejores
help-analyze = `{ $analyze } [posición] [nivel]` mejor línea de un FEN; aquí, revisa la última partida
help-puzzles = `{ $puzzle } { $play }` un problema sacado de las partidas del servidor, solo para ti; `{ $puzzle } { $stats }` y `{ $puzzle } { $leaderboard }` puntuaciones de problemas
help-settings = `{ $settings }` ajustes: `hilos` (una partida por hilo), `confirmar-jugadas`, `zona-horaria`, `sin-fines-de-semana` y `canal-problemas` (un problema al día)
help-rules-title = **Las reglas en breve**
help-rule-board = - Las damas españolas: 32 casillas oscuras de un 8x8 (oscura abajo a la derecha). Blancas en 1-12, negras en 21-32; salen blancas.
help-rule-men = - El peón mueve y captura una casilla en diagonal adelante; en la última fila corona (y la jugada acaba).
help-rule-kings = - La dama mueve y captura a cualquier distancia por diagonales libres.
help-rule-capture = - Hay captura obligatoria: ley de la cantidad (más piezas) y de la calidad (a igualdad, más damas).
help-rule-end = - Pierde quien no puede jugar. Tablas: acuerdo, triple repetición, 40 jugadas seguidas (20 por bando) solo de damas, 3 damas contra 1 sin ganar en 12 jugadas propias.
help-rule-clock = - Cada jugada tiene un plazo, con aviso; quien lo agota pierde. `tiempo:5d+1d máx 10d` da a cada jugador una reserva en vez de días por jugada.
help-squares-title = **Numeración de las casillas** (blancas abajo)
