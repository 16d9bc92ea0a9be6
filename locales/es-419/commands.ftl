# Latin American Spanish (Discord's es-419): only the messages whose words
# differ from Spain's (`locales/es`); every other message falls back there.

opt-settings-confirm-moves-desc = Tus jugadas: ver el tablero tras cada una y presionar Confirmar (sí), o jugarlas ya (no)
opt-settings-seek-role-desc = Gestores: el rol mencionado con cada desafío abierto (los jugadores se inscriben a él)
