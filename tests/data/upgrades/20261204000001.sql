INSERT INTO server_locales (guild_id, locale, updated_at) VALUES (77, 'es-ES', 1767225600);
