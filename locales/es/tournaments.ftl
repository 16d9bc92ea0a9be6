# Torneos (RULES 8.4): los comandos, sus negativas y lo que el bot publica
# sobre ellos.

cmd-tournament-name = torneo
cmd-tournament-desc = Torneos de este servidor: crear, apuntarse, empezar, clasificación, las partidas
cmd-tournaments-name = torneos
cmd-tournaments-desc = Los torneos de este servidor (inscripción, en juego, terminados), primero los nuevos
sub-tournament-create-name = crear
sub-tournament-create-desc = Gestores del servidor o de sus eventos: un torneo nuevo en este canal
sub-tournament-join-name = apuntarse
sub-tournament-join-desc = Apúntate a un torneo
sub-tournament-leave-name = salir
sub-tournament-leave-desc = Borra tu nombre de un torneo que aún no ha empezado
sub-tournament-start-name = empezar
sub-tournament-start-desc = Quien lo organiza: empieza un torneo; sus partidas se abren en hilos aquí
sub-tournament-standings-name = clasificación
sub-tournament-standings-desc = La clasificación de un torneo en una imagen
sub-tournament-pdn-name = pdn
sub-tournament-pdn-desc = Todas las partidas de un torneo en un archivo PDN
sub-tournament-withdraw-name = retirarse
sub-tournament-withdraw-desc = Deja un torneo: tus partidas sin terminar se pierden por incomparecencia
sub-tournament-remove-name = expulsar
sub-tournament-remove-desc = Quien lo organiza: saca a un jugador (pierde por incomparecencia lo que le quede)
sub-tournament-cancel-name = cancelar
sub-tournament-cancel-desc = Quien lo organiza: termina un torneo y anula sus partidas sin terminar
opt-tournament-create-name-name = nombre
opt-tournament-create-name-desc = El nombre del torneo
opt-tournament-create-format-name = formato
opt-tournament-create-format-desc = Cómo se emparejan los jugadores
opt-tournament-create-rounds-name = rondas
opt-tournament-create-rounds-desc = Solo suizo: las rondas (por defecto: las que hacen falta para un ganador)
opt-tournament-create-days-name = días
opt-tournament-create-days-desc = Días por jugada, 1-14 (por defecto 3)
opt-tournament-create-time-name = tiempo
opt-tournament-create-time-desc = Control de tiempo en vez de días: 3d/jugada, o una reserva como 5d+1d máx 10d
opt-tournament-create-weekends_off-name = sin_fines_de_semana
opt-tournament-create-weekends_off-desc = Los sábados y domingos no cuentan en sus relojes (por defecto: lo que diga el servidor)
opt-tournament-create-variant-name = variante
opt-tournament-create-variant-desc = Variante de reglas (por defecto: clásica)
opt-tournament-create-draw_rules-name = reglas_de_tablas
opt-tournament-create-draw_rules-desc = Reglas de tablas (por defecto: clásicas)
opt-tournament-create-rated-name = puntuable
opt-tournament-create-rated-desc = Si sus partidas cuentan para la puntuación (por defecto: sí)
opt-tournament-create-max_players-name = máx_jugadores
opt-tournament-create-max_players-desc = El máximo de jugadores (liguilla 3-16, suizo 4-128)
opt-tournament-create-vacation-name = vacaciones
opt-tournament-create-vacation-desc = Si las vacaciones paran los relojes de sus partidas (por defecto: sí)
opt-tournament-join-number-name = número
opt-tournament-join-number-desc = El número del torneo
opt-tournament-leave-number-name = número
opt-tournament-leave-number-desc = El número del torneo
opt-tournament-start-number-name = número
opt-tournament-start-number-desc = El número del torneo
opt-tournament-standings-number-name = número
opt-tournament-standings-number-desc = El número del torneo
opt-tournament-pdn-number-name = número
opt-tournament-pdn-number-desc = El número del torneo
opt-tournament-withdraw-number-name = número
opt-tournament-withdraw-number-desc = El número del torneo
opt-tournament-remove-number-name = número
opt-tournament-remove-number-desc = El número del torneo
opt-tournament-remove-player-name = jugador
opt-tournament-remove-player-desc = El jugador que sale
opt-tournament-cancel-number-name = número
opt-tournament-cancel-number-desc = El número del torneo
choice-format-round-robin = liguilla
choice-format-double-round-robin = liguilla a doble vuelta
choice-format-swiss = suizo

help-tournaments = `{ $tournament }` torneos: crear, apuntarse, empezar, clasificación; `{ $tournaments }` la lista

err-no-tournament = No hay ningún torneo #{ $number } en este servidor (`/torneos` los muestra).
err-not-tournament-manager = Solo quienes gestionan el servidor o sus eventos crean torneos.
err-not-organiser = Solo quien lo organiza ({ $organiser }) o quienes gestionan el servidor pueden hacerlo.
err-tournament-name = El nombre de un torneo tiene de 1 a { $max } caracteres.
err-rounds-for-swiss-only = Solo a un suizo se le dan rondas: una liguilla tiene las que necesita.
err-rounds-out-of-range = Un suizo tiene de 1 a { $max } rondas.
err-max-players-out-of-range = Este formato admite de { $least } a { $most } jugadores.
err-bot-cannot-join = Las cuentas de bot no juegan torneos.
err-already-entered = Ya estás en este torneo.
err-tournament-full = Este torneo está completo ({ $players } jugadores).
err-signup-closed = Este torneo ya no admite jugadores: ha empezado o ha terminado.
err-not-entered = No estás en este torneo.
err-player-not-entered = { $player } no está en este torneo.
err-leave-after-start = Este torneo ya empezó: para dejarlo, retírate (tus partidas sin terminar se pierden por incomparecencia).
err-already-started = Este torneo ya ha empezado.
err-too-few-entrants = { $players ->
        [0] Aún no se ha apuntado nadie
        [one] Solo se ha apuntado 1 jugador
       *[other] Solo se han apuntado { $players } jugadores
    }: este torneo necesita { $least } para empezar.
err-too-many-entrants = Se han apuntado { $players } jugadores, más de los { $most } que admite este formato.
err-tournament-changed = El torneo cambió entretanto (alguien se apuntó o salió, o empezó): inténtalo de nuevo.
err-tournament-not-started = Este torneo aún no ha empezado.
err-tournament-no-games = Aún no ha empezado ninguna partida de este torneo.
err-tournament-over = Este torneo ha terminado.
err-already-withdrawn = Ese jugador ya se retiró.
err-no-takeback-in-tournament = En las partidas de torneo no se deshacen jugadas.
err-no-abort-in-tournament = Una partida de torneo no se anula: quien lo organiza puede sacar a un jugador (`/torneo expulsar`) o cancelar el torneo.
err-tournament-needs-threads = Los torneos necesitan un canal de texto donde pueda crear hilos públicos (cada partida tiene uno): dame el permiso Crear hilos públicos aquí, o usa otro canal.
err-tournament-number = Di qué torneo: su número.
err-tournament-player = Di qué jugador.
err-tournament-format = Elige un formato: liguilla, liguilla a doble vuelta o suizo.
err-bad-choice = Eso no es una de las opciones de `{ $option }`.

reason-forfeit = { $player } se retiró del torneo (incomparecencia)
reason-by-forfeit = por incomparecencia
why-forfeit = incomparecencia

button-join = Apuntarse
button-leave = Salir

tournament-title = **Torneo #{ $number } · { $name }**
tournament-format-round-robin = liguilla
tournament-format-double-round-robin = liguilla a doble vuelta
tournament-format-swiss = suizo
tournament-rounds = { $rounds ->
        [one] 1 ronda
       *[other] { $rounds } rondas
    }
tournament-vacation-allowed = con vacaciones
tournament-no-vacation = sin vacaciones (los relojes corren)
tournament-and-more = y { $count } más
tournament-organiser = Organiza: { $organiser } · hasta { $max } jugadores
tournament-players-none = **Jugadores:** nadie todavía
tournament-players = **Jugadores ({ $count }):** { $players }
tournament-signup-hint = Pulsa **Apuntarse** para participar (o `{ $join }`); quien lo organiza lo empieza con `{ $start }`.
tournament-running = Empezó { $date }: cada partida se juega aquí en un hilo propio; la clasificación está abajo (`{ $standings }` para la imagen).
tournament-finished = Terminó { $date }. Primer puesto: { $winners }
tournament-cancelled = Cancelado por { $player } { $date }.
tournament-no-winner = ninguno
tournament-games-done = { $done } de { $all } partidas terminadas
tournament-round-of = ronda { $round } de { $rounds }
tournament-created = { $title } está creado: su mensaje sigue en este canal. Los jugadores se apuntan con su botón **Apuntarse** o `{ $join }`; empiézalo con `{ $start }` cuando estén.
tournament-joined = Estás en { $title } ({ $players ->
        [one] 1 jugador
       *[other] { $players } jugadores
    } por ahora).
tournament-left = Ya no estás en { $title }.
tournament-started = { $title } ha empezado: { $players } jugadores, { $games ->
        [one] 1 partida
       *[other] { $games } partidas
    } { $all ->
        [yes] en total
       *[no] por ahora
    }. Cada partida se abre aquí en su propio hilo y avisa a sus jugadores.
tournament-swiss-rounds = Un suizo de { $rounds ->
        [one] 1 ronda
       *[other] { $rounds } rondas
    }: cada ronda se empareja cuando han terminado todas las partidas de la anterior.
tournament-rounds-cut = (Se pidieron { $asked } rondas; con { $players } jugadores un suizo tiene como mucho una ronda menos que jugadores.)
tournament-bye = Descansa esta ronda: { $player } (1 punto).
tournament-withdrew = { $player } se retiró de { $title }.
tournament-removed = { $organiser } sacó a { $player } de { $title }.
tournament-forfeits = { $count ->
        [0] No le quedaba ninguna partida sin terminar.
        [one] Su partida sin terminar se pierde por incomparecencia.
       *[other] Sus { $count } partidas sin terminar se pierden por incomparecencia.
    }
tournament-cancelled-by = { $player } canceló { $title }: sus partidas sin terminar quedan anuladas.
tournament-pdn = Todas las partidas de { $title } ({ $games } en total).
tournament-round-begins = { $title }: empieza la **ronda { $round } de { $rounds }**.
tournament-round-game = { $thread } { $white } (blancas) contra { $black } (negras)
tournament-round-forfeit = { $white } contra { $black }: no se juega (incomparecencia)
tournament-over-no-winner = { $title } ha terminado.
tournament-over-winner = { $title } ha terminado: ¡gana { $player } con { $points } { $count ->
        [one] punto
       *[other] puntos
    }!
tournament-over-shared = { $title } ha terminado: ¡{ $players } comparten el primer puesto con { $points } { $count ->
        [one] punto
       *[other] puntos
    }!
tournament-over-pdn = Todas las partidas en un archivo: `{ $command }`.
tournament-thread = { $name } · ronda { $round } · { $white } contra { $black }
tournament-game-line = Torneo #{ $number } · { $name } · ronda { $round }
tournament-game-begins = **Empieza una partida de torneo.**
tournament-game-ended = El torneo decidió esta partida (por una retirada, una expulsión o la cancelación del torneo):

standings-title = { $title } · clasificación ({ $progress })
standings-cancelled = El torneo se canceló.
standings-final = **Clasificación final.** Primer puesto: { $winners }
standings-player = Jugador
standings-points = Ptos
standings-buchholz = Bch-1
standings-sb = SB
standings-wins = Gan
standings-left = Quedan
standings-withdrawn = * se retiró
standings-picture-final = clasificación final
standings-legend = Ptos: puntos (victoria 1, tablas ½) · SB: Sonneborn-Berger, los puntos de los rivales vencidos más la mitad de los de las tablas · Gan: partidas ganadas · Quedan: partidas por jugar
standings-legend-swiss = Ptos: puntos (victoria 1, tablas ½) · Bch-1: los puntos de los rivales, menos el más bajo · SB: Sonneborn-Berger · Quedan: partidas por jugar
standings-picture-hint = La imagen, con la tabla cruzada de una liguilla: `{ $command }`
standings-picture-title = Torneo #{ $number } · { $name }

tournaments-none = Aún no hay torneos en este servidor: quienes lo gestionan crean uno con `{ $create }`.
tournaments-title = **Torneos ({ $count })**
tournaments-line = **#{ $number }** { $name } · { $format } · { $stage } · { $players ->
        [one] 1 jugador
       *[other] { $players } jugadores
    } · { $channel }
tournaments-signup = inscripción abierta
tournaments-running = en juego
tournaments-running-round = ronda { $round } de { $rounds }
tournaments-finished = terminado
tournaments-cancelled = cancelado

alt-standings = Clasificación de { $title }, { $progress }: { $players }.
alt-standings-line = { $place } { $name }, { $points } { $count ->
        [one] punto
       *[other] puntos
    }
alt-tournament-pdn = Registro de todas las partidas de { $title } (PDN), { $games ->
        [one] 1 partida
       *[other] { $games } partidas
    }.
