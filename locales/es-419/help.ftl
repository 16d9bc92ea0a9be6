# Latin American Spanish: see commands.ftl.

help-move = `{ $play } 11-15` juega (`22x13`: captura) o presiona Mover
