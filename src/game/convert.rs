//! Stored rows to service types.
