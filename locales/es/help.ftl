# /ayuda: los comandos y las reglas en breve. Los marcadores son los nombres
# de los comandos tal como Discord los muestra en este idioma.

help-title = **Damas españolas: partidas por correspondencia**
help-challenge = `{ $challenge } @rival [color] [dias] [variante] [reglas_de_tablas]` desafía a alguien aquí; nómbrame (`[nivel]` 1-10) para jugar con mi motor
help-answer = `{ $accept }` `{ $decline }` `{ $cancel }` responde a un desafío o retíralo (nombra al otro si esperan varios)
help-abort = `{ $abort }` un moderador anula una partida sin resultado; un jugador, con el botón Anular antes de que ambos muevan
help-move = `{ $play } 11-15` juega (`22x13` al capturar); verás sugerencias al escribir
help-moves = `{ $moves } [posicion]` jugadas legales de esta partida o de un FEN de PDN (`W:W1-12:B21-32`)
help-board = `{ $board }` el tablero, `{ $pdn } [partida]` una planilla, `{ $replay } [partida]` un GIF, `{ $game } numero` una partida, `{ $history }` las terminadas, `{ $games }` las en juego
help-draw = `{ $draw }` propone o acepta tablas; `{ $resign }` abandona (pide confirmación)
help-analyze = `{ $analyze } [posicion] [nivel]` mejor jugada de un FEN; aquí, al terminar, la revisión de la partida
help-rules-title = **Las reglas en breve**
help-rule-board = - Las damas españolas se juegan en las 32 casillas oscuras de un tablero de 8x8 (una oscura en la esquina inferior derecha de cada jugador). Blancas en 1-12, negras en 21-32; salen blancas.
help-rule-men = - El peón mueve y captura una casilla en diagonal hacia delante; en la última fila corona (si llega capturando, la jugada acaba allí).
help-rule-kings = - La dama mueve y captura a cualquier distancia por diagonales libres.
help-rule-capture = - Rige la captura obligatoria, según la ley de la cantidad (más piezas) y de la calidad (a igualdad, más damas).
help-rule-end = - Pierde quien no puede jugar. Tablas: por acuerdo, triple repetición, 40 jugadas solo de damas, o tres damas que no vencen a una en 12 jugadas.
help-rule-clock = - Cada jugada tiene un plazo (días por jugada), con aviso previo; quien lo deja pasar pierde.
help-squares-title = **Numeración de las casillas** (blancas abajo)
