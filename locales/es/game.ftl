# Lo que el bot dice de las partidas y los desafíos. Lo que lee todo el
# canal va en el idioma del servidor; las respuestas privadas, en el de quien
# preguntó.

something-went-wrong = Algo falló por mi parte. Vuelve a intentarlo dentro de un momento.
ping-note = { $players }: ver el mensaje de arriba.
no-picture = (Sin imagen: me falta el permiso **Adjuntar archivos** en este canal.)
err-server-only = Las partidas se juegan en un servidor: usa /{ $command } en un canal de un servidor donde yo esté. Aquí respondo a /ayuda y /jugadas.
err-unknown-command = No conozco el comando /{ $command }.
err-games-server-only = Esto muestra las partidas de un servidor; úsalo en un servidor.
err-no-opponent = Elige a un rival para desafiar.
err-unknown-color = Color desconocido `{ $name }`: elige blancas, negras o al azar.
err-unknown-variant = Variante desconocida `{ $name }`: elige clásica o pierde gana.
err-unknown-draw-rules = Reglas de tablas desconocidas `{ $name }`: elige clásicas, ludoteka, largas o cien jugadas.
err-unknown-side = Bando desconocido `{ $name }`: elige blancas o negras.

button-abort = Anular
button-accept = Aceptar
button-decline = Rechazar
button-cancel = Cancelar
button-resign = Abandonar
button-accept-draw = Aceptar tablas
button-decline-draw = Rechazar tablas
button-withdraw-draw = Retirar propuesta
button-takeback = Deshacer jugada
button-accept-takeback = Permitir deshacer
button-decline-takeback = No permitir
button-previous = Anterior
button-next = Siguiente
button-replay = Repetición
button-unknown = Este botón ya no se usa.
button-game-over = Este botón es de una partida que ya terminó.

# Los jugadores y el estado de una partida.
seat = { $player } ({ $side })
seat-engine = { $player } ({ $side }, nivel { $level })
players = { $white } contra { $black }
numbered-players = **Partida #{ $game }** · { $players }
to-move = Le toca a { $player }; plazo: { $deadline }.
to-move-bot = Le toca a { $player }: responde en unos instantes.
to-move-on-vacation = Le toca a { $player }, que está de vacaciones: el reloj de esta partida está parado hasta que vuelva.
# El marcador en puntos como los cuentan los jugadores (victoria 1, tablas ½
# cada uno), por extenso, para que "0-1" no se lea como derrota del ganador.
game-over-win = **Fin de la partida.** Gana { $winner }: { $reason }. Marcador: blancas { $white }, negras { $black }.
game-over-draw = **Fin de la partida.** Tablas { $reason }. Marcador: blancas { $white }, negras { $black }.
reason-no-legal-move = { $player } no tiene ninguna jugada legal
reason-repetition = por triple repetición
reason-king-move-rule = por la regla de las jugadas de dama
reason-three-kings-rule = por la regla de tres damas contra una
reason-resigned = { $player } abandonó
reason-out-of-time = a { $player } se le acabó el tiempo
reason-agreement = por acuerdo
reason-resignation = por abandono
reason-on-time = por tiempo
game-aborted-by = **Partida anulada** por { $player }: sin resultado.
game-aborted = **Partida #{ $game } anulada** por { $player }: termina sin resultado.
    { $players }
game-aborted-next = Ya se puede empezar un nuevo desafío aquí.

# Desafíos.
challenge-text = { $opponent }, { $challenger } te desafía a una partida de damas españolas.
    { $terms }
    El desafío caduca { $expires }.
challenge-plays = { $player } juega con { $side }
challenge-random-colors = colores al azar
challenge-rated = puntuable
challenge-casual = amistosa (no puntúa)
challenge-casual-giveaway = amistosa: las partidas de pierde gana no puntúan
challenge-casual-set-up = amistosa: las partidas que no empiezan en la posición inicial no puntúan
challenge-match = un encuentro de 4 partidas (colores alternos; la 3.ª y la 4.ª desde una apertura equilibrada)
challenge-days = { $days ->
        [one] 1 día por jugada
       *[other] { $days } días por jugada
    }
time-control-fischer = { $start } + { $increment } por jugada (como máximo { $max })
time-control-weekends-off = { $control }, sin contar los fines de semana ({ $zone })
duration-days = { $days ->
        [one] 1 día
       *[other] { $days } días
    }
duration-hours = { $hours ->
        [one] 1 hora
       *[other] { $hours } horas
    }
duration-under-an-hour = menos de una hora
clock-waiting-bank = { $player } tiene { $bank } en su reserva.
challenge-variant = variante { $variant }
challenge-variant-giveaway = variante { $variant }: el objetivo se invierte, gana quien se queda sin jugadas
challenge-draw-rules = reglas de tablas { $rules }
challenge-from = desde `{ $position }`
challenge-accepted = { $player } aceptó el desafío. ¡Empieza la partida!
challenges-closed-by-game = Los demás desafíos de este canal quedan cerrados, porque ahora tiene esta partida: { $challenges }.
challenges-closed-by = { $player } cerró los desafíos abiertos de este canal: { $challenges }.
challenge-between = { $challenger } a { $opponent }
challenge-declined = { $opponent } rechazó el desafío de { $challenger }.
challenge-withdrawn = { $challenger } retiró el desafío a { $opponent }.
challenge-expired = { $challenger }, tu desafío a { $opponent } caducó sin respuesta.
# Bajo el mensaje de un desafío cerrado, con sus condiciones tachadas encima.
challenge-post-accepted = { $player } aceptó este desafío: la partida ya empezó.
challenge-post-closed-by = { $player } cerró este desafío.
challenge-post-closed-by-game = Cerrado: este canal tiene ahora otra partida.
bot-game-starts = { $player } empieza una partida contra mí en el nivel { $level }. ¡Empieza la partida!

# Jugadas, tablas, abandono, el reloj.
played = { $player } jugó **{ $notation }**.
bot-played = { $bot } (nivel { $level }) jugó **{ $notation }**.
bot-played-bare = Jugué **{ $notation }**.
resign-confirm = ¿Abandonas esta partida contra { $opponent }? No se puede deshacer.
resigned = { $player } abandonó.
draw-offered = { $player } propone tablas. { $opponent }, ¿las aceptas?
draw-accepted = { $player } aceptó las tablas.
draw-declined = { $player } rechazó las tablas. La partida sigue.
# Bajo una oferta de tablas o una petición de deshacer, tachada una vez cerrada.
offer-closed = *Ya no está abierta.*
more-time-given = { $player } le da a { $opponent } { $days ->
        [one] 1 día más
       *[other] { $days } días más
    } para esta jugada: el plazo es ahora { $deadline }.
more-time-given-paused = { $player } le da a { $opponent } { $days ->
        [one] 1 día más
       *[other] { $days } días más
    } para esta jugada. Su reloj está parado mientras está de vacaciones: los días se suman al tiempo que tenga cuando vuelva a correr.
vacation-notice = { $opponent }: { $player } está de vacaciones. El reloj de esta partida está parado hasta { $until } como mucho; su plazo se mueve lo que dure su ausencia.
vacation-over = { $player }, se te acabaron los días de vacaciones: el reloj de esta partida vuelve a correr. Tu plazo para jugar: { $deadline }.
vacation-back = Se acabaron las vacaciones de { $player }: el reloj de esta partida vuelve a correr. Su plazo para jugar: { $deadline }.
vacation-started = Empiezan tus vacaciones. Los relojes de tus partidas en este servidor en las que te toca jugar están parados (también los de las partidas que te lleguen mientras tanto) hasta { $until } como mucho, cuando se acaben { $days ->
        [one] el día que te queda
       *[other] los { $days } días que te quedan
    } este año. Tus rivales quedan avisados. Tu primera jugada o `/vacaciones acción:terminar` las terminan.
vacation-ended = Tus vacaciones terminaron: usaste { $used ->
        [one] 1 día
       *[other] { $used } días
    } (cada día empezado cuenta); te { $days ->
        [one] queda 1 día
       *[other] quedan { $days } días
    } este año. { $games ->
        [0] Ninguna partida esperaba tu jugada.
        [one] El plazo de 1 partida se movió lo que duró tu ausencia.
       *[other] Los plazos de { $games } partidas se movieron lo que duró tu ausencia.
    }
vacation-ended-by-move = Con esta jugada terminan las vacaciones de { $player } ({ $used ->
        [one] 1 día usado
       *[other] { $used } días usados
    }): los relojes de sus partidas vuelven a correr.
vacation-away = Estás de vacaciones desde { $since }, hasta { $until } como mucho: los relojes de tus partidas en las que te toca jugar están parados. Tu primera jugada o `/vacaciones acción:terminar` las terminan.
vacation-days-left = Te { $days ->
        [one] queda 1 día
       *[other] quedan { $days } días
    } de vacaciones este año en este servidor (de { $allowance }). `/vacaciones acción:empezar` para los relojes de tus partidas mientras no estás. Los días se cuentan de 24 en 24 horas desde el comienzo de las vacaciones, y cada uno empezado cuenta entero: unas vacaciones de unos minutos gastan 1 día.
bot-accepts-draw = { $player } acepta las tablas.
bot-declines-draw = { $player } rechaza las tablas. La partida sigue.
draw-withdrawn = { $player } retiró su propuesta de tablas. La partida sigue.
takeback-asked = { $player } pide deshacer su jugada **{ $notation }**. { $opponent }, ¿lo permites?
takeback-accepted = { $player } permitió a { $requester } deshacer **{ $notation }**.
takeback-declined = { $player } no permitió a { $requester } deshacer su jugada. La partida sigue.
bot-declines-takeback = { $player } no deshace jugadas: una jugada hecha contra el motor se queda. La partida sigue.
reminder = { $player }, recordatorio: el plazo de tu jugada vence { $deadline }.
time-is-up = Se acabó el tiempo.
time-is-up-in = Se acabó el tiempo en la partida { $players }.

# /partidas, /pdn, /jugadas.
games-none = No se está jugando ninguna partida en este servidor. Empieza una con { $challenge }.
games-title = **Partidas en curso ({ $count })**, primero el plazo más cercano
games-page = {" "}- página { $page } de { $pages }
games-line = { $channel }: { $white } contra { $black } - le toca a { $player }, plazo { $deadline }.
deadline-on-vacation = parado (de vacaciones)
history-none = { $player } aún no tiene ninguna partida terminada en este servidor.
history-title = **Partidas de { $player } en este servidor ({ $total })**: { $wins ->
        [one] 1 ganada
       *[other] { $wins } ganadas
    }, { $draws } tablas, { $losses ->
        [one] 1 perdida
       *[other] { $losses } perdidas
    }
history-line = #{ $game } · { $date } · { $side } contra { $opponent } · { $result }
history-won = ganada ({ $reason })
history-drawn = tablas ({ $reason })
history-lost = perdida ({ $reason })
history-aborted = anulada, sin resultado
why-no-legal-move = sin jugadas legales
why-repetition = repetición
why-king-move-rule = regla de las jugadas de dama
why-three-kings-rule = tres damas contra una
why-resignation = abandono
why-agreement = acuerdo
why-time = por tiempo
pdn-so-far = La planilla hasta ahora - { $players }
pdn-final = La planilla - { $players }
pdn-aborted = La planilla - { $players } (anulada, sin resultado)
replay-caption = Repetición de { $players }
replay-failed = No he podido hacer la repetición de esta partida ahora (la partida en sí no se ve afectada). Vuelve a intentarlo dentro de un momento.
replay-too-long = Esta partida es demasiado larga para una repetición ({ $plies ->
        [one] 1 jugada
       *[other] { $plies } jugadas
    }; como mucho { $max }). Su planilla (`/pdn`) tiene todas las jugadas.
game-summary = **Partida #{ $game }** en { $channel }, empezada el { $started } · { $days } · { $plies ->
        [one] 1 jugada
       *[other] { $plies } jugadas
    }
moves-of-position = la posición dada
moves-of-game = la partida de este canal
moves-of-start = la posición inicial (no hay partida en este canal)
moves-none = En { $whose } juegan las { $side } y no tienen ninguna jugada legal.
moves-quiet = En { $whose } juegan las { $side }. { $count ->
        [one] 1 jugada legal:
       *[other] { $count } jugadas legales:
    }
moves-captures = En { $whose } juegan las { $side }. { $count ->
        [one] 1 captura legal
       *[other] { $count } capturas legales
    } (la captura es obligatoria):

# /analizar.
analysis-title = **Análisis** de `{ $position }` (nivel { $level })
review-title = **Revisión** de la partida { $players }
review-final = **Posición final:** { $verdict }
review-clean = Ninguna jugada cambió mucho la evaluación: una partida limpia.
review-swings = Las jugadas en que más cambió la evaluación:
review-swing = { $number } { $played } ({ $side }): mejor **{ $better }** ({ $before } antes, { $after } después, para las { $side })
verdict = Mejor jugada: **{ $best }** (juegan las { $side }). { $evaluation }
    Variante: { $line }
verdict-no-move = Juegan las { $side } y no tienen ninguna jugada legal: ganan las { $winner }.
eval-wins-in = Las { $side } ganan en { $plies ->
        [one] 1 jugada.
       *[other] { $plies } jugadas.
    }
eval-draw = Tablas con el mejor juego.
eval-wins-by-force = Las { $side } ganan por fuerza.
eval-equal = La posición está más o menos igualada ({ $side } { $men } peones).
eval-slightly-better = Las { $side } están algo mejor, unos { $men } peones.
eval-better = Las { $side } están mejor, unos { $men } peones.
eval-winning = Las { $side } están ganando, unos { $men } peones.
score-winning = ganando
score-losing = perdiendo
score-men = { $men } peones

# Puntuaciones.
game-rating-changes = Puntuaciones: { $changes }
rating-change = { $player } { $rating } ({ $delta })
rating-title = **Puntuación de { $player }** en este servidor: **{ $rating }** (RD { $deviation })
rating-games = { $games ->
        [one] 1 partida puntuable
       *[other] { $games } partidas puntuables
    }
rating-best = máxima { $best }
rating-provisional = Una "?" indica una puntuación provisional: se asienta (RD 110 o menos) tras unas cuantas partidas puntuables más.
rating-none = { $player } aún no ha jugado ninguna partida puntuable en este servidor: la puntuación empieza en 1500 (RD 350).
rating-deviation-note = RD es la incertidumbre de la puntuación: lo más probable es que la fuerza real esté a menos de RD puntos de ella. Se reduce con cada partida puntuable.
rating-chart-failed = Esta vez no se pudo dibujar el gráfico de la puntuación; las cifras de arriba son correctas.

# Fechas que escribe el propio bot (UTC): el eje de un gráfico y su texto alternativo.
date-month-short = { $month ->
        [1] ene
        [2] feb
        [3] mar
        [4] abr
        [5] may
        [6] jun
        [7] jul
        [8] ago
        [9] sept
        [10] oct
        [11] nov
       *[12] dic
    }
date-day-month = { $day } { $month }
date-month-year = { $month } { $year }
date-day-month-year = { $day } { $month } { $year }

# El gráfico de /rating: su título, su línea de cifras, la leyenda de su banda.
rating-chart-title = Puntuación de { $player } en { $server }
rating-chart-this-server = este servidor
rating-chart-now = Ahora { $rating } (RD { $deviation })
rating-chart-peak = Máxima { $peak }
rating-chart-results = { $wins ->
        [one] 1 ganada
       *[other] { $wins } ganadas
    }, { $draws } tablas, { $losses ->
        [one] 1 perdida
       *[other] { $losses } perdidas
    }
rating-chart-band = puntuación ± RD (incertidumbre)

leaderboard-title = **Clasificación** de este servidor (puntuaciones asentadas, RD 110 o menos)
leaderboard-line = { $rank }. { $player } **{ $rating }** · { $games ->
        [one] 1 partida
       *[other] { $games } partidas
    }
leaderboard-empty = Nadie en este servidor tiene aún una puntuación asentada: hacen falta unas cuantas partidas puntuables (RD 110 o menos).

# Encuentros (reglas 8.3).
match-line = Encuentro: partida { $number } de 4 · { $first } { $first_points } - { $second } { $second_points }
match-won = **Fin del encuentro**: { $player } gana el encuentro { $score }.
match-drawn = **Fin del encuentro**: el encuentro queda en tablas { $score }.
match-aborted = El encuentro queda anulado: no se juega ninguna partida más.
match-game-begins = **Empieza la partida { $number } del encuentro.**
match-game-opening = Parte de la apertura sorteada para la 3.ª y la 4.ª partidas: { $opening }.
thread-name = Partida #{ $game } · { $white } contra { $black }
thread-name-opening = { $white } contra { $black }
thread-bot = { $bot } (nivel { $level })
game-in-thread = { $player } aceptó el desafío: la partida #{ $game } se juega en { $thread }.
threads-unavailable = (El bot no puede abrir hilos aquí, así que las partidas se juegan en este canal, de una en una.)
settings-threads-on = Cada partida nueva de este servidor se juega en un hilo propio, abierto desde el canal de su desafío.
settings-threads-off = Las partidas nuevas de este servidor se juegan en el canal de su desafío, una por canal.
settings-changed-by = { $player } cambió los ajustes del bot en este servidor.
err-unknown-setting = `{ $value }` no es un valor de este ajuste: elige sí o no.
game-in-thread-bot = { $player } juega contra mí: la partida #{ $game } se juega en { $thread }.

# Texto alternativo: la descripción que Discord guarda con cada imagen o
# archivo, para quien no puede verlo (1.024 caracteres como mucho).
alt-to-move = { $side ->
        [white] Juegan las blancas.
       *[black] Juegan las negras.
    }
alt-final-position = Posición final.
alt-last-move = Última jugada: { $notation }.
alt-men = { $count ->
        [one] peón en { $squares }
       *[other] peones en { $squares }
    }
alt-kings = { $count ->
        [one] dama en { $squares }
       *[other] damas en { $squares }
    }
alt-side-pieces = { $side ->
        [white] Blancas: { $pieces }.
       *[black] Negras: { $pieces }.
    }
alt-side-no-pieces = { $side ->
        [white] Las blancas no tienen piezas.
       *[black] Las negras no tienen piezas.
    }
alt-game-board = Tablero de la partida #{ $game }. { $position }
alt-moves-arrows = Una flecha marca cada jugada legal.
alt-best-move = Mejor jugada: { $notation }, indicada con una flecha azul.
alt-replay = Repetición de la partida #{ $game }: { $white } contra { $black }, { $plies ->
        [one] 1 jugada
       *[other] { $plies } jugadas
    }, { $outcome }.
alt-outcome-result = resultado { $score }
alt-outcome-live = aún en juego
alt-outcome-aborted = anulada, sin resultado
alt-pdn = Planilla de la partida #{ $game } (PDN), { $plies ->
        [one] 1 jugada
       *[other] { $plies } jugadas
    }.
alt-rating-chart = Gráfico de la puntuación de { $player } en { $server } tras { $games ->
        [one] 1 partida puntuable
       *[other] { $games } partidas puntuables
    }, { $when }: ahora { $rating }, RD { $deviation } (la incertidumbre de la puntuación); { $results }.
alt-rating-chart-on = el { $day }
alt-rating-chart-between = del { $from } al { $to }
alt-rating-chart-peak = Máxima { $peak }, el { $date }.
alt-a-player = un jugador
mygames-none = No tienes ninguna partida en juego en este servidor. Empieza una con { $challenge }.
mygames-title = **Tus partidas en juego ({ $count })**, primero las que te toca jugar, después por plazo
mygames-line-your-move = [Partida #{ $game }]({ $link }) contra { $opponent }, juegas con { $side }, { $plies ->
        [one] { $plies } jugada
       *[other] { $plies } jugadas
    } - **te toca**, plazo { $deadline }.
mygames-line-waiting = [Partida #{ $game }]({ $link }) contra { $opponent }, juegas con { $side }, { $plies ->
        [one] { $plies } jugada
       *[other] { $plies } jugadas
    } - le toca al rival, plazo { $deadline }.
notify-set = Hecho.
notify-ping = Cuando te toque jugar, te mencionaré en el canal (o hilo) de la partida. Con `/avisos` puedes añadir un mensaje directo con cada jugada o un resumen diario.
notify-dm = Recibes un mensaje directo con cada jugada que te deja el turno (con el tablero y un enlace), y con el recordatorio antes del plazo y la derrota por tiempo, además de la mención en el canal de la partida.
notify-digest = Recibes un mensaje directo al día a las { $hour } UTC (el próximo: { $next }) con las partidas en que te toca jugar, si hay alguna; el recordatorio antes del plazo y la derrota por tiempo también llegan por mensaje directo.
notify-off = No recibes mensajes directos del bot en este servidor, solo la mención en el canal de la partida.
notify-hour-digest-only = La hora es solo para el resumen diario: elige con ella el modo `digest`.
notify-bad-hour = La hora debe estar entre 0 y 23 (UTC).
notify-dms-closed = No he podido enviarte un mensaje directo: tienes los mensajes directos cerrados para mí (ajustes de privacidad de Discord para este servidor). Sigues recibiendo la mención en el canal de la partida; abre tus mensajes directos y vuelve a elegir `/avisos` para recibirlos.
dm-your-move = Te toca jugar en la [partida #{ $game }]({ $link }): { $opponent } ha jugado **{ $notation }**. Plazo { $deadline }.
dm-reminder = Recordatorio: te toca jugar en la [partida #{ $game }]({ $link }) y tu tiempo se acaba { $deadline }.
dm-game-over = La [partida #{ $game }]({ $link }) ha terminado.
dm-digest-title = **Te toca jugar en { $count ->
        [one] 1 partida
       *[other] { $count } partidas
    }**, primero el plazo más cercano:
dm-digest-more = ...y { $count } más: { $mygames } las muestra todas.
dm-vacation-over = **Se te acabaron los días de vacaciones en este servidor**: los relojes de tus partidas vuelven a correr. { $count ->
        [0] Ninguna partida espera tu jugada.
        [one] Te toca jugar en 1 partida:
       *[other] Te toca jugar en { $count } partidas, primero el plazo más cercano:
    }

# Jugar sin escribir: el botón Mover, sus menús y la confirmación de las
# jugadas (`/ajustes confirmar-jugadas`). Textos de menú: 100 caracteres como mucho.
button-move = Mover
button-confirm-move = Confirmar
menu-choose-piece = Partida #{ $game }: elige la pieza que mueves.
menu-choose-move = Partida #{ $game }: elige la jugada de la pieza de la casilla { $square }.
menu-piece-placeholder = Elige una pieza
menu-move-placeholder = Elige la jugada
menu-moves-part = Jugadas { $first }-{ $last } de { $count }
menu-piece-man = Peón en { $square }
menu-piece-king = Dama en { $square }
move-preview = ¿Juegas **{ $notation }**? Así queda el tablero; no se juega nada hasta que pulses Confirmar.
move-cancelled = Cancelado: no se jugó nada.
move-stale = No se jugó: la partida avanzó desde que se mostró esto. Mira el último tablero y vuelve a elegir.
alt-preview-board = Tablero de la partida #{ $game } si se juega { $notation } (aún sin jugar). { $position }
settings-confirm-moves-on = Tus jugadas en este servidor esperan a que confirmes: `/mover` y el botón Mover te muestran antes el tablero tras la jugada.
settings-confirm-moves-off = Tus jugadas en este servidor se juegan en cuanto las eliges.
settings-one-at-a-time = Cambia un tipo de ajuste cada vez: `hilos`, `rol-de-búsqueda` y `días-de-vacaciones` son del servidor, `confirmar-jugadas` es tuyo.
challenge-anyone = cualquiera
challenge-open-text = **Desafío abierto**: { $challenger } desafía a cualquiera aquí a una partida de damas españolas; juega quien pulse primero Aceptar.
    { $terms }
    El desafío caduca { $expires }.
challenge-rating-range = para jugadores a menos de { $range } puntos
challenge-seek-role = { $role }, ¡alguien quiere jugar!
challenges-none = No hay ningún desafío abierto para ti en este servidor. Crea uno con { $challenge } (sin rival, cualquiera puede aceptarlo).
challenges-title = **Desafíos abiertos ({ $count })**, primero los nuevos
challenges-line-open = { $challenger } desafía a cualquiera en [{ $channel }]({ $link }): { $terms }; caduca { $expires }.
challenges-line-to-you = { $challenger } desafía a { $opponent } en [{ $channel }]({ $link }): { $terms }; caduca { $expires }.
challenges-line-yours = Desafías a { $opponent } en [{ $channel }]({ $link }): { $terms }; caduca { $expires }.
settings-seek-role = Los desafíos abiertos mencionan a { $role }.
settings-no-seek-role = Los desafíos abiertos no mencionan ningún rol (`rol-de-búsqueda` elige uno).

# Premovimientos
premove-stored = Premovimiento guardado: { $line }.
premove-already = Tus premovimientos ya contienen { $line }.
premove-none = No tienes premovimientos en esta partida. Añade respuestas a las jugadas que esperas, p. ej. `/premover línea:22-18 15x22`: si tu rival juega 22-18, el bot juega 15x22 por ti al momento.
premove-lines = { $count ->
    [one] Tu línea de premovimientos en esta partida (su jugada → **tu respuesta**), solo la ves tú:
   *[other] Tus { $count } líneas de premovimientos en esta partida (su jugada → **tu respuesta**), solo las ves tú:
}
premove-cleared = { $count ->
    [0] No tenías premovimientos en esta partida.
    [one] Tu línea de premovimientos en esta partida está borrada.
   *[other] Tus { $count } líneas de premovimientos en esta partida están borradas.
}
premove-played = { $player } respondió **{ $notation }** por premovimiento.
premove-follows = { $player } tiene un premovimiento para esta jugada: sigue a continuación.
premoves-set-aside = { $player }: tus premovimientos no preveían esta jugada, así que ninguno se jugará; la jugada la eliges tú.
settings-vacation-days = Cada jugador tiene { $days ->
        [one] 1 día
       *[other] { $days } días
    } de vacaciones al año en este servidor (`/vacaciones`).
settings-vacation-off = No hay vacaciones en este servidor (`días-de-vacaciones` da días a los jugadores).
settings-weekends-off = Zona horaria { $zone }: las partidas nuevas no cuentan los fines de semana (los sábados y domingos no corren los relojes), salvo que el desafío diga otra cosa.
settings-weekends-count = Zona horaria { $zone }: las partidas nuevas cuentan todos los días, salvo que el desafío quite los fines de semana (`sin-fines-de-semana` cambia lo que se usa por defecto).

# File names of attachments (ASCII, no spaces).
file-game = damas-partida-{ $game }
file-tournament = damas-torneo-{ $tournament }
