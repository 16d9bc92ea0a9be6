//! What people do: serenity's event handler, the slash command table and
//! its registration, the commands, button presses and menus, and the answer
//! to each interaction within Discord's deadline.

pub mod buttons;
pub mod commands;
pub mod handler;
pub mod id_fields;
pub mod move_menu;
pub mod press;
pub mod register;
pub mod respond;
pub mod slash;
