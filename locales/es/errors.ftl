# Negativas: lo que lee quien pidió algo que el bot no hace.

color-white = blancas
color-black = negras

err-challenge-self = No puedes desafiarte a ti: elige a otro miembro como rival.
err-channel-has-game = Este canal ya tiene una partida en curso. Abre un hilo y envía allí tu desafío.
err-channel-has-challenge = Hay desafíos esperando en este canal. Juega contra mí en otro canal o en un hilo, o cuando tengan respuesta.
err-duplicate-challenge = Ya desafiaste a ese jugador en este canal; espera su respuesta.
err-too-many-challenges = Ya tienes { $limit ->
        [one] un desafío abierto
       *[other] { $limit } desafíos abiertos
    } en este servidor, el máximo permitido. Cancela uno o espera a que los respondan.
err-several-challenges = Aquí encajan { $count } desafíos: usa los botones del que quieres decir o nombra al otro jugador en el comando.
err-no-challenge-with = No hay ningún desafío abierto entre tú y ese jugador en este canal.
err-opponent-is-bot = Aquí no juegan bots, salvo yo: desafía a un miembro, o nómbrame como rival para jugar contra mi motor.
err-level-out-of-range = El nivel va de 1 (el más débil) a 10 (el más fuerte); { $level } está fuera de rango.
err-analysis-of-live-game = No hay análisis mientras se juega la partida de este canal: en las partidas por correspondencia un motor no debe jugar por los jugadores. Vuelve a pedirlo cuando termine.
err-analysis-of-live-position = Esa es la posición actual de una partida en curso de este servidor, así que no la analizaré hasta que termine.
err-cooling-down = Acabas de pedirlo, y ocupa un núcleo un buen rato: puedes volver a pedirlo dentro de { $seconds ->
        [one] 1 segundo.
       *[other] { $seconds } segundos.
    }
err-nothing-to-analyze = No hay ninguna partida terminada en este canal que revisar; da una posición (un FEN de PDN como `W:W1-12:B21-32`) para analizarla.
err-days-out-of-range = Los días por jugada van de 1 a 14; { $days } está fuera de rango.
err-time-control-unreadable = No entiendo el control de tiempo `{ $text }`. Escribe días por jugada, como `3d/jugada`, o una reserva con incremento y máximo, como `5d+1d máx 10d` (`h` para horas).
err-time-control-out-of-range = El control de tiempo `{ $text }` se sale de los límites: de 1 a 14 días por jugada, o una reserva de 1 a 30 días, un incremento de 1 hora a 7 días y un máximo desde la reserva hasta 60 días.
err-time-control-twice = Indica `días` o `tiempo`, no los dos.
err-unknown-time-zone = No conozco la zona horaria `{ $zone }`. Usa un nombre de la base de zonas horarias, como `Europe/Madrid` o `America/Mexico_City` (la opción los sugiere mientras escribes).
err-start-decided = Esa posición inicial ya está decidida: el bando que juega no tiene ninguna jugada legal.
err-match-terms = Un encuentro (reglas 8.3) son cuatro partidas clásicas desde la posición inicial entre dos personas: no indiques variante ni posición, y desafía a una persona.
err-no-challenge = No hay ningún desafío abierto en este canal.
err-stale-challenge = El desafío #{ $id } ya no está abierto: ya se respondió, se canceló o caducó.
err-challenge-expired = Este desafío caducó: los desafíos siguen abiertos 48 horas.
err-not-challenged = Solo quien recibió este desafío puede aceptarlo o rechazarlo.
err-not-challenger = Solo quien hizo este desafío puede cancelarlo.
err-no-game = No hay ninguna partida en curso en este canal.
err-not-moderator = Solo un moderador (Gestionar mensajes, o Gestionar hilos en un hilo) puede anular una partida o cerrar desafíos aquí; los jugadores pueden anular su propia partida hasta que cada bando haya movido una vez.
err-abort-too-late = Ambos bandos ya han movido, así que un jugador ya no puede anular la partida: abandona, propón tablas o pide ayuda a un moderador.
err-nothing-to-abort = En este canal no hay ninguna partida en curso ni ningún desafío abierto que anular.
err-game-elsewhere = La partida #{ $game } se juega en { $channel }: usa el comando allí.
err-game-not-found = No hay ninguna partida #{ $game } en este servidor.
err-no-game-in-channel = Todavía no se ha jugado ninguna partida en este canal; da el número de una partida para ver otra de este servidor.
err-not-a-player = No juegas en esta partida.
err-not-your-turn = No es tu turno; espera la jugada de tu rival.
err-position-changed = La posición cambió antes de que llegara tu comando (se jugó una jugada o la partida cambió); vuelve a mirar el tablero y repítelo si aún quieres.
err-time-up = Se acabó el tiempo: pasó el plazo de esta jugada, así que la partida se pierde por tiempo.
err-more-time-own-move = Te toca jugar a ti: solo puedes dar más tiempo a tu rival cuando es su turno.
err-more-time-for-bot = El bot no necesita más tiempo: contesta en el acto.
err-more-time-days = Más tiempo es de 1 a 7 días cada vez; { $days } está fuera de rango.
err-vacation-off = Este servidor no da días de vacaciones (quienes lo gestionan pueden darlos con `/ajustes días-de-vacaciones`).
err-already-on-vacation = Ya estás de vacaciones: `/vacaciones` muestra hasta cuándo; `/vacaciones acción:terminar` las termina.
err-no-vacation-days-left = No te queda ningún día de vacaciones este año en este servidor.
err-not-on-vacation = No estás de vacaciones.
err-vacation-days-out-of-range = Los días de vacaciones van de 0 a 60 al año; { $days } está fuera de rango.
err-game-over = Esta partida ya terminó.
err-draw-already-offered = Ya propusiste tablas; la propuesta sigue en pie hasta que tu rival juegue o responda.
err-draw-offer-pending = Tu rival ya te propuso tablas; acéptalas o recházalas.
err-no-draw-offer = No hay ninguna propuesta de tablas que responder.
err-own-draw-offer = No puedes responder a tu propia propuesta de tablas; debe hacerlo tu rival.
err-not-your-draw-offer = Esta propuesta de tablas es de tu rival: solo quien la hizo puede retirarla. Acéptala o recházala.
err-no-move-to-take-back = Solo puedes deshacer tu propia última jugada, antes de que tu rival responda.
err-takeback-already-asked = Ya pediste deshacer tu jugada; la petición sigue en pie hasta que tu rival responda o juegue.
err-no-takeback-request = No hay ninguna petición de deshacer jugada que responder.
err-own-takeback-request = No puedes responder a tu propia petición de deshacer; debe hacerlo tu rival.
err-takeback-too-late = Esa jugada ya no se puede deshacer: el tiempo que tenías para ella se ha agotado desde entonces.

# Una jugada que no es notación, o que no es legal aquí (RULES 6.1-6.3).
move-not-notation = `{ $text }` no es una jugada: { $reason }. Escribe las jugadas como 11-15 o 22x13.
move-empty = está vacía
move-stray-character = `{ $character }` no es ni un número de casilla ni un separador
move-not-a-square = { $token } no es un número de casilla (1-32)
move-too-few-squares = una jugada necesita una casilla de salida y una de llegada
move-too-many-squares = tiene más casillas que cualquier jugada
move-capture-required = `{ $text }` no es legal: la captura es obligatoria, y solo valen las capturas que toman más piezas (y, a igualdad, más damas): { $captures }.
move-no-such-move = `{ $text }` no es legal aquí: { $reason }.
move-no-legal-move = las { $side } no tienen ninguna jugada legal
move-empty-square = la casilla { $square } está vacía
move-not-your-piece = la pieza de la casilla { $square } es de las { $owner }, y juegan las { $turn }
move-piece-cannot-move = la pieza de la casilla { $square } no puede moverse
move-piece-moves = la pieza de la casilla { $square } puede jugar { $moves }
move-not-legal = no es una jugada legal de esta posición
move-ambiguous = `{ $text }` es ambigua: escribe una de { $candidates }.

# Una posición en FEN de PDN que no se puede leer (RULES 6.4).
fen-bad = Esa no es una posición FEN de PDN válida (en el carácter { $at }: { $reason }). La posición inicial es `W:W1-12:B21-32`.
fen-the-end = el final
fen-empty = el texto está vacío
fen-expected-side = se esperaba W o B y se encontró { $found }
fen-expected-square = se esperaba un número de casilla y se encontró { $found }
fen-square-out-of-range = la casilla { $square } no está entre 1 y 32
fen-expected-colon = se esperaba `:` y se encontró { $found }
fen-expected-separator = se esperaba `,` o `:` y se encontró { $found }
fen-listed-twice = las piezas de las { $side } aparecen dos veces
fen-range-backwards = el rango { $range } va hacia atrás
fen-square-twice = la casilla { $square } tiene dos piezas
fen-man-on-far-rank = un peón de las { $side } no puede estar en la casilla { $square }: allí ya sería dama
fen-too-many-pieces = las { $side } tienen { $count } piezas; como mucho puede haber 12
err-not-server-manager = Solo quien gestiona el servidor (Gestionar servidor) puede cambiar este ajuste.
err-own-challenge = Este desafío es tuyo: debe aceptarlo otra persona (puedes retirarlo).
err-bot-cannot-accept = Las cuentas de bot no pueden aceptar desafíos.
err-challenge-taken = Otra persona aceptó este desafío antes.
err-outside-rating-range = Este desafío es para jugadores con una puntuación a menos de { $range } puntos de la de quien desafía ({ $challenger }); tu puntuación aquí es { $rating }.
err-rating-range-terms = El margen de puntuación solo vale para desafíos abiertos puntuables (sin rival).
err-rating-range-out-of-range = El margen de puntuación va de { $min } a { $max } puntos; { $range } está fuera de rango.

# Premoves
err-premove-on-your-move = Te toca mover: juega con `/mover`. Los premovimientos son tus respuestas a la próxima jugada de tu rival.
err-premove-line-shape = Una línea de premovimientos empieza con la jugada que esperas de tu rival y alterna, terminando en tu respuesta: un número par de jugadas, como mucho { $max }.
err-premove-move = La jugada { $number } de la línea no se puede jugar ahí: { $reason }
err-premove-conflict = Tras { $after } tus premovimientos ya responden { $stored }, no { $new }. Deja una sola respuesta, o borra tus premovimientos (`/premover borrar:True`) y vuelve a escribirlos.
err-too-many-premoves = Puedes guardar como mucho { $max } líneas de premovimientos en una partida.
