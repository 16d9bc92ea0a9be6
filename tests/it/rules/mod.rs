//! Tests of the rules engine, one file per section of docs/RULES.md.

mod util;

mod s1_board;
mod s2_squares;
mod s3_men;
mod s4_kings;
mod s5_capturing;
mod s6_fen;
mod s6_notation;
mod s7_end;
mod s8_variants;
mod s9_perft;

mod properties;
mod reference;
mod stable_key;
