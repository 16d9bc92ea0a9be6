# Problemas: solo lo que se dice distinto que en España.

daily-puzzle-post = 🧩 **Problema del día** ({ $date }): juegan { $side } y ganan. Presiona **Resolver** para intentarlo: tus respuestas son privadas, y la solución se muestra aquí mañana.
