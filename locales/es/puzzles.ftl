# Problemas: /problema, sus menús y botones, el problema del día.

cmd-puzzle-name = problema
cmd-puzzle-desc = Problemas sacados de las partidas de este servidor: resolver uno, tus cifras, los mejores
sub-puzzle-play-name = jugar
sub-puzzle-play-desc = Un problema cercano a tu puntuación de problemas (solo lo ves tú)
sub-puzzle-stats-name = cifras
sub-puzzle-stats-desc = La puntuación de problemas de un jugador, sus aciertos y su racha, con un gráfico
sub-puzzle-leaderboard-name = clasificación
sub-puzzle-leaderboard-desc = Quienes mejor resuelven problemas en este servidor
sub-puzzle-answer-name = responder
sub-puzzle-answer-desc = Responde a tu problema abierto con una jugada escrita como en /mover
opt-puzzle-answer-move-name = jugada
opt-puzzle-answer-move-desc = Tu jugada: 11-15, 22x13 (se sugieren las legales mientras escribes)
err-no-open-puzzle = No tienes ningún problema abierto: `/problema jugar` te da uno.
opt-puzzle-stats-user-name = usuario
opt-puzzle-stats-user-desc = De quién (tú si no se indica)
opt-settings-puzzle-channel-name = canal-problemas
opt-settings-puzzle-channel-desc = Gestores: el canal donde el bot publica un problema cada día
opt-settings-puzzle-hour-name = hora-problema
opt-settings-puzzle-hour-desc = Gestores: la hora (0-23, zona horaria del servidor) del problema del día
opt-settings-no-daily-puzzle-name = sin-problema-diario
opt-settings-no-daily-puzzle-desc = Gestores: dejar de publicar el problema del día

puzzle-headline = 🧩 **Problema n.º { $id }** · juegan { $side } y ganan · puntuación del problema { $rating }
puzzle-from-game = De { $white } contra { $black } (partida n.º { $game }), jugada { $number }.
puzzle-from-set = De la colección inicial de problemas del bot.
puzzle-resumed = Dejaste este problema sin terminar: aquí está donde lo dejaste.
puzzle-your-move = Elige tu jugada abajo.
puzzle-menu-placeholder = Tu jugada
puzzle-right = ✅ **{ $played }** es correcta. La respuesta: **{ $reply }**. Te toca otra vez.
puzzle-solved = ✅ **¡Resuelto!** { $played } gana.
puzzle-solved-alternative = ✅ **¡Resuelto!** { $played } también gana (la línea hallada era { $line }).
puzzle-failed = ❌ { $played } no gana: gana **{ $right }** (la flecha azul; la tuya es la roja). La solución entera, **{ $line }**, se ve en la animación.
alt-puzzle-miss = { $position } Tu jugada, { $tried }, indicada con una flecha roja; la que gana, { $right }, con una flecha azul.
alt-puzzle-solution = Animación de la solución del problema #{ $id }: { $line }.
puzzle-theme = Tema: { $theme }.
puzzle-theme-shot = un golpe (una combinación que gana material)
puzzle-theme-breakthrough = una escapada (un peón corona por el camino)
puzzle-theme-endgame = un final ganado a la fuerza
puzzle-rating-change = Tu puntuación de problemas: { $before } → **{ $after }** ({ $diff }) · racha { $streak } (máxima { $best })
puzzle-already-solved = Ya resolviste el problema n.º { $id }. Su solución se muestra aquí cuando acabe el día.
puzzle-already-failed = Ya intentaste el problema n.º { $id } y no lo resolviste. Su solución se muestra aquí cuando acabe el día.
button-next-puzzle = Otro problema
button-report-puzzle = Avisar de un error
button-puzzle-reported = Aviso recibido: gracias
button-solve = Resolver

puzzle-stats-none = { $player } aún no ha terminado ningún problema en este servidor: `/problema jugar` te da uno.
puzzle-stats-title = **Puntuación de problemas de { $player }**: **{ $rating }** (RD { $deviation }) · { $solved ->
        [one] 1 resuelto
       *[other] { $solved } resueltos
    } de { $played } · racha { $streak } (máxima { $best })
puzzle-chart-title = Puntuación de problemas de { $player }
puzzle-chart-figures = Ahora { $rating } · { $solved ->
        [one] 1 resuelto
       *[other] { $solved } resueltos
    } de { $played }
puzzle-chart-alt = Gráfico de la puntuación de problemas de { $player } { $count ->
        [one] tras 1 problema
       *[other] tras cada uno de { $count } problemas
    }; ahora { $rating }.
puzzle-leaderboard-title = **Quienes mejor resuelven problemas** en este servidor (20 problemas o más)
puzzle-leaderboard-line = { $rank }. { $player } **{ $rating }** · { $solved ->
        [one] 1 resuelto
       *[other] { $solved } resueltos
    } de { $played } · mejor racha { $best }
puzzle-leaderboard-empty = Nadie en este servidor ha terminado aún 20 problemas: `/problema jugar` te da uno.

daily-puzzle-post = 🧩 **Problema del día** ({ $date }): juegan { $side } y ganan. Pulsa **Resolver** para intentarlo: tus respuestas son privadas, y la solución se muestra aquí mañana.
daily-puzzle-count = Hasta ahora { $played ->
    [one] lo ha terminado un jugador
   *[other] lo han terminado { $played } jugadores
}, { $solved ->
    [0] ninguno lo resolvió
    [one] 1 lo resolvió
   *[other] { $solved } lo resolvieron
}.
daily-puzzle-revealed = 🧩 **Problema del día** ({ $date }), juegan { $side } y ganan: la solución era **{ $line }**, { $theme }.
daily-puzzle-count-final = { $played ->
    [one] Lo intentó un jugador
   *[other] Lo intentaron { $played } jugadores
}; { $solved ->
    [0] ninguno lo resolvió
    [one] 1 lo resolvió
   *[other] { $solved } lo resolvieron
}.

settings-daily-puzzle = Problema del día: en { $channel } a las { $hour } ({ $zone }).
settings-no-daily-puzzle = Problema del día: desactivado (`canal-problemas` lo activa).

err-no-puzzle-left = Ya has visto todos los problemas que tiene el bot. Salen nuevos de las partidas terminadas de este servidor.
err-puzzle-over = Este problema ya terminó: `/problema jugar` te da el siguiente.
err-puzzle-moved-on = Este tablero ya no es el actual (llegó antes otra respuesta): no se jugó nada.
err-not-your-puzzle = Este problema se le mostró a otra persona: `/problema jugar` te da el tuyo.
err-puzzle-not-over = Puedes avisar de un error en un problema cuando lo hayas terminado.
err-no-daily-puzzle = No hay problema de ese día en este servidor.
err-daily-puzzle-revealed = El problema de ese día ya terminó y su solución está publicada: `/problema jugar` te da otro.
err-puzzle-hour = { $hour } no es una hora: indica de 0 a 23.
