# Latin American Spanish: see commands.ftl. A round-robin is "todos contra
# todos" (Spain's "liguilla" is little used); one signs up with "inscribirse".

cmd-tournament-desc = Torneos de este servidor: crear, inscribirse, empezar, clasificación, las partidas
sub-tournament-join-name = inscribirse
sub-tournament-join-desc = Inscríbete en un torneo
opt-tournament-create-max_players-desc = El máximo de jugadores (todos contra todos 3-16, suizo 4-128)
choice-format-round-robin = todos contra todos
choice-format-double-round-robin = todos contra todos a doble vuelta
help-tournaments = `{ $tournament }` torneos: crear, inscribirse, empezar, clasificación; `{ $tournaments }` la lista
err-rounds-for-swiss-only = Solo a un suizo se le dan rondas: un todos contra todos tiene las que necesita.
err-too-few-entrants = { $players ->
        [0] Aún no se inscribió nadie
        [one] Solo se inscribió 1 jugador
       *[other] Solo se inscribieron { $players } jugadores
    }: este torneo necesita { $least } para empezar.
err-too-many-entrants = Se inscribieron { $players } jugadores, más de los { $most } que admite este formato.
err-tournament-changed = El torneo cambió mientras tanto (alguien se inscribió o salió, o empezó): inténtalo de nuevo.
err-tournament-format = Elige un formato: todos contra todos, todos contra todos a doble vuelta o suizo.
button-join = Inscribirse
tournament-format-round-robin = todos contra todos
tournament-format-double-round-robin = todos contra todos a doble vuelta
tournament-signup-hint = Presiona **Inscribirse** para participar (o `{ $join }`); quien lo organiza lo empieza con `{ $start }`.
tournament-created = { $title } está creado: su mensaje sigue en este canal. Los jugadores se inscriben con su botón **Inscribirse** o `{ $join }`; empiézalo con `{ $start }` cuando estén.
standings-picture-hint = La imagen, con la tabla cruzada de un todos contra todos: `{ $command }`
