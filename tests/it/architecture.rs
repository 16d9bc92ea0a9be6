//! The shape of the source: no two files of `src/` depend on each other,
//! directly or around a loop (DESIGN 1: shared types go into a leaf module).
//!
//! The module graph is read from the source text, with nothing but std: a
//! small tokenizer, then the module tree from `mod` declarations, the items
//! each module defines, and its `use` declarations. A file A depends on a
//! file B when A names an item *defined* in B - through a `use` (`crate::`,
//! `super::`, `self::`, a child module, grouped `{...}` trees, globs) or an
//! inline path in code (`crate::x::Item`, `super::Item`, `alias::Item`).
//! Paths are followed through re-exports (`pub use`) to the file that
//! defines the item; a re-export alone is not a dependency of the file that
//! makes it (only its use in that file's own code is). `mod x;` is not a
//! dependency, and `#[cfg(test)]` items (unit tests) are left out.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

#[test]
fn no_file_of_src_depends_on_itself_around_a_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    read_tree(&src, &src, &mut files);
    let graph = Graph::build(&files);
    let cycles = graph.cycles();
    if !cycles.is_empty() {
        let mut report = format!("{} cycle(s) between files of src/:\n", cycles.len());
        for cycle in &cycles {
            report.push_str(&graph.describe(cycle));
            report.push('\n');
        }
        panic!("{report}");
    }
    // `ARCHITECTURE_EDGES=1` lists every dependency found, to check the reading.
    if std::env::var_os("ARCHITECTURE_EDGES").is_some() {
        for ((from, to), names) in &graph.edges {
            eprintln!("{from} -> {to} ({})", names.iter().cloned().collect::<Vec<_>>().join(", "));
        }
    }
    eprintln!("architecture: {} files, {} edges between files, no cycle", graph.files.len(), graph.edges.len());
}

#[test]
fn a_made_up_loop_is_found_and_named() {
    let files = made_up(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        ("a.rs", "use crate::b::Bee;\npub struct Ay;\n"),
        ("b.rs", "pub struct Bee;\npub fn bee() -> Bee { crate::c::see(); Bee }\n"),
        ("c/mod.rs", "mod inner;\npub use inner::see;\n"),
        ("c/inner.rs", "use crate::a::{self, Ay};\npub fn see() { let _ = a::Ay; }\n"),
    ]);
    let graph = Graph::build(&files);
    let cycles = graph.cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert_eq!(graph.describe(&cycles[0]), "a.rs -> b.rs (Bee) -> c/inner.rs (see) -> a.rs (Ay)");
}

#[test]
fn re_exports_tests_and_mod_declarations_make_no_loop() {
    let files = made_up(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        // The module re-exports what its children define, and the children
        // use each other through it: no file depends on mod.rs.
        ("a/mod.rs", "mod one;\nmod two;\nmod three;\npub use one::One;\npub(crate) use two::{Two, two};\n"),
        ("a/one.rs", "use super::Two;\npub struct One(pub Two);\n"),
        ("a/two.rs", "pub struct Two;\npub fn two() -> Two { Two }\n"),
        // A unit test may use its parent and anything else.
        (
            "b.rs",
            "use crate::a::One;\npub fn b(_: One) {}\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::a::two;\n}\n",
        ),
        // Strings and comments are not code.
        ("a/three.rs", "// crate::b::b\nconst S: &str = \"crate::b::b\";\nconst C: char = '\"';\n"),
    ]);
    let graph = Graph::build(&files);
    assert!(graph.cycles().is_empty(), "{:?}", graph.cycles());
    let edges: Vec<_> = graph.edges.keys().map(|(from, to)| format!("{from} -> {to}")).collect();
    assert_eq!(edges, ["a/one.rs -> a/two.rs", "b.rs -> a/one.rs"]);

    // One more use turns it into a loop: two.rs -> b.rs -> one.rs -> two.rs.
    let mut files = files;
    for (path, text) in &mut files {
        if path == "a/two.rs" {
            *text = "pub struct Two;\npub fn two() -> Two { crate::b::b; Two }\n".into();
        }
    }
    let graph = Graph::build(&files);
    assert_eq!(graph.cycles().len(), 1);
}

fn made_up(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files.iter().map(|(path, text)| (path.to_string(), text.to_string())).collect()
}

/// Every `.rs` file under `dir`, as (path relative to `root` with `/`, text).
fn read_tree(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("read src/").map(|entry| entry.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            read_tree(root, &path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let relative =
                path.strip_prefix(root).unwrap().iter().map(|part| part.to_string_lossy()).collect::<Vec<_>>();
            files.push((relative.join("/"), std::fs::read_to_string(&path).unwrap()));
        }
    }
}

// ---------------------------------------------------------------------------
// Tokens

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// The tokens of `text` that matter for paths: identifiers, `::` and
/// punctuation. Comments, strings, chars, numbers and lifetimes are dropped.
fn tokenize(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let ident_start = |c: char| c.is_alphabetic() || c == '_';
    let ident_char = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied().unwrap_or('\0');
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(&chars, i) {
            i = end;
        } else if c == '"' || ((c == 'b' || c == 'c') && next == '"') {
            i += if c == '"' { 1 } else { 2 };
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' || (c == 'b' && next == '\'') {
            // A char literal ('a', '\n', b'x') or a lifetime ('a).
            let start = if c == 'b' { i + 1 } else { i };
            if chars.get(start + 1) == Some(&'\\') {
                i = start + 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(start + 2) == Some(&'\'') {
                i = start + 3;
            } else {
                i = start + 1;
                while i < chars.len() && ident_char(chars[i]) {
                    i += 1;
                }
            }
        } else if c == 'r' && next == '#' && chars.get(i + 2).is_some_and(|&c| ident_start(c)) {
            let start = i + 2;
            i = start;
            while i < chars.len() && ident_char(chars[i]) {
                i += 1;
            }
            tokens.push(Token::Ident(chars[start..i].iter().collect()));
        } else if ident_start(c) {
            let start = i;
            while i < chars.len() && ident_char(chars[i]) {
                i += 1;
            }
            tokens.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            while i < chars.len()
                && (ident_char(chars[i]) || (chars[i] == '.' && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit())))
            {
                i += 1;
            }
        } else if c == ':' && next == ':' {
            tokens.push(Token::Path);
            i += 2;
        } else {
            tokens.push(Token::Punct(c));
            i += 1;
        }
    }
    tokens
}

/// Where a raw string (`r"..."`, `r#"..."#`, `br"..."`) starting at `i` ends.
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if chars.get(j) == Some(&'b') || chars.get(j) == Some(&'c') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(j)
}

// ---------------------------------------------------------------------------
// Modules, items and uses

/// One name brought in by a `use`: `use a::b::{c as d, e::*}` makes `d`
/// (path `a b c`) and a glob (path `a b e`).
#[derive(Clone, Debug)]
struct UseName {
    path: Vec<String>,
    /// The name it binds; `None` for a glob.
    name: Option<String>,
    public: bool,
}

#[derive(Debug, Default)]
struct Module {
    file: String,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    /// Items defined here (not modules).
    items: BTreeSet<String>,
    /// `use` declarations at the module's top level (visible to paths from
    /// elsewhere through this module).
    uses: Vec<UseName>,
}

/// What one file says, before modules are tied together.
#[derive(Debug, Default)]
struct FileFacts {
    /// `mod x;` declarations (not `#[cfg(test)]`).
    mod_decls: Vec<String>,
    items: BTreeSet<String>,
    uses: Vec<UseName>,
    /// `use`s inside function bodies: the file's own, nobody else's.
    local_uses: Vec<UseName>,
    /// Paths written in code (`a::b::C`), outside `use` declarations.
    paths: Vec<Vec<String>>,
    /// Every identifier in code outside `use` declarations.
    idents: BTreeSet<String>,
}

fn facts(text: &str) -> FileFacts {
    let tokens = tokenize(text);
    let mut facts = FileFacts::default();
    let mut depth = 0usize;
    let mut i = 0;
    let mut test_only = false;
    let mut public = false;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Punct('#') => {
                // An attribute: `#[...]` or `#![...]`.
                let mut j = i + 1;
                if tokens.get(j) == Some(&Token::Punct('!')) {
                    j += 1;
                }
                let end = matching(&tokens, j);
                let inner = &tokens[j..end];
                if inner.len() >= 4
                    && inner[1] == Token::Ident("cfg".into())
                    && inner[2] == Token::Punct('(')
                    && inner[3] == Token::Ident("test".into())
                {
                    test_only = true;
                }
                i = end;
                continue;
            }
            _ if test_only => {
                // Skip the whole item: up to its `;` or its closing brace.
                let mut j = i;
                while j < tokens.len() {
                    match tokens[j] {
                        Token::Punct(';') => break,
                        Token::Punct('{') => {
                            j = matching(&tokens, j) - 1;
                            break;
                        }
                        Token::Punct('(') | Token::Punct('[') => j = matching(&tokens, j),
                        _ => j += 1,
                    }
                }
                i = j + 1;
                test_only = false;
                continue;
            }
            Token::Ident(word) if word == "pub" => {
                public = true;
                i += 1;
                if tokens.get(i) == Some(&Token::Punct('(')) {
                    i = matching(&tokens, i);
                }
                continue;
            }
            Token::Ident(word) if word == "use" => {
                let end = (i..tokens.len()).find(|&j| tokens[j] == Token::Punct(';')).unwrap_or(tokens.len());
                let mut names = Vec::new();
                use_tree(&tokens[i + 1..end], &mut Vec::new(), public, &mut names);
                if depth == 0 {
                    facts.uses.extend(names);
                } else {
                    facts.local_uses.extend(names);
                }
                i = end + 1;
                public = false;
                continue;
            }
            Token::Ident(word) if depth == 0 && word == "mod" => {
                if let Some(Token::Ident(name)) = tokens.get(i + 1) {
                    if tokens.get(i + 2) == Some(&Token::Punct(';')) {
                        facts.mod_decls.push(name.clone());
                    } else {
                        // An inline module: its items are read as the file's own.
                        facts.items.insert(name.clone());
                    }
                }
                i += 2;
            }
            Token::Ident(word)
                if depth == 0
                    && matches!(
                        word.as_str(),
                        "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "union" | "macro_rules"
                    ) =>
            {
                let mut j = i + 1;
                if word == "macro_rules" && tokens.get(j) == Some(&Token::Punct('!')) {
                    j += 1;
                }
                if let Some(Token::Ident(name)) = tokens.get(j) {
                    if name == "fn" || name == "mut" {
                        // `const fn x`, `static mut X`: the next word is the name.
                        i += 1;
                        continue;
                    }
                    facts.items.insert(name.clone());
                }
                i = j;
            }
            Token::Ident(word) => {
                facts.idents.insert(word.clone());
                let starts = i == 0 || tokens[i - 1] != Token::Path;
                if starts && tokens.get(i + 1) == Some(&Token::Path) {
                    let mut path = vec![word.clone()];
                    let mut j = i + 1;
                    while tokens.get(j) == Some(&Token::Path) {
                        match tokens.get(j + 1) {
                            Some(Token::Ident(next)) => {
                                path.push(next.clone());
                                j += 2;
                            }
                            _ => break,
                        }
                    }
                    facts.paths.push(path);
                }
                i += 1;
            }
            Token::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Token::Punct('}') => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
        public = false;
    }
    facts
}

/// The index just past the bracket that closes the one at `open`.
fn matching(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0i32;
    let mut j = open;
    while j < tokens.len() {
        match tokens[j] {
            Token::Punct('{') | Token::Punct('(') | Token::Punct('[') => depth += 1,
            Token::Punct('}') | Token::Punct(')') | Token::Punct(']') => {
                depth -= 1;
                if depth <= 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
        j += 1;
    }
    tokens.len()
}

/// The names a use tree binds (`a::{b, c::d as e, f::*, self}`).
fn use_tree(tokens: &[Token], prefix: &mut Vec<String>, public: bool, names: &mut Vec<UseName>) {
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Ident(word) if word == "as" => {
                if let (Some(Token::Ident(alias)), Some(last)) = (tokens.get(i + 1), names.last_mut()) {
                    last.name = Some(alias.clone());
                }
                i += 2;
                continue;
            }
            Token::Ident(word) => {
                prefix.push(word.clone());
                let ends = !matches!(tokens.get(i + 1), Some(Token::Path));
                if ends {
                    let mut path = prefix.clone();
                    if word == "self" && path.len() > 1 {
                        path.pop();
                    }
                    let name = path.last().cloned();
                    names.push(UseName { path, name, public });
                }
            }
            Token::Punct('*') => {
                names.push(UseName { path: prefix.clone(), name: None, public });
            }
            Token::Punct('{') => {
                let end = matching(tokens, i);
                let inner = &tokens[i + 1..end - 1];
                let mut start = 0;
                let mut level = 0;
                for (k, token) in inner.iter().enumerate() {
                    match token {
                        Token::Punct('{') => level += 1,
                        Token::Punct('}') => level -= 1,
                        Token::Punct(',') if level == 0 => {
                            use_tree(&inner[start..k], &mut prefix.clone(), public, names);
                            start = k + 1;
                        }
                        _ => {}
                    }
                }
                use_tree(&inner[start..], &mut prefix.clone(), public, names);
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
}

// ---------------------------------------------------------------------------
// The graph

#[derive(Debug)]
enum Target {
    Module(usize),
    Item { file: String, name: String },
}

struct Graph {
    files: Vec<String>,
    /// (from, to) -> the names that tie them.
    edges: BTreeMap<(String, String), BTreeSet<String>>,
}

impl Graph {
    /// The graph of the crate rooted at `lib.rs` among `files` (paths
    /// relative to `src/`). Files no `mod` reaches (main.rs, test modules)
    /// are left out.
    fn build(files: &[(String, String)]) -> Graph {
        let texts: BTreeMap<&str, &str> = files.iter().map(|(path, text)| (path.as_str(), text.as_str())).collect();
        let mut modules: Vec<Module> = Vec::new();
        let mut file_facts: BTreeMap<String, FileFacts> = BTreeMap::new();
        // The module tree, from lib.rs down.
        let mut queue = VecDeque::from([(String::from("lib.rs"), None::<usize>, String::new())]);
        while let Some((file, parent, dir)) = queue.pop_front() {
            let Some(text) = texts.get(file.as_str()) else { continue };
            let id = modules.len();
            let facts = facts(text);
            modules.push(Module {
                file: file.clone(),
                parent,
                items: facts.items.clone(),
                uses: facts.uses.clone(),
                ..Module::default()
            });
            for name in &facts.mod_decls {
                let flat = format!("{dir}{name}.rs");
                let nested = format!("{dir}{name}/mod.rs");
                let child = if texts.contains_key(flat.as_str()) { flat } else { nested };
                queue.push_back((child, Some(id), format!("{dir}{name}/")));
            }
            file_facts.insert(file, facts);
        }
        // Children, now that every module has its id.
        for id in 0..modules.len() {
            if let Some(parent) = modules[id].parent {
                let file = modules[id].file.clone();
                let name = file.trim_end_matches("/mod.rs").trim_end_matches(".rs").rsplit('/').next().unwrap();
                modules[parent].children.insert(name.to_string(), id);
            }
        }

        let mut edges: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
        for (id, module) in modules.iter().enumerate() {
            let facts = &file_facts[&module.file];
            let mut found = Vec::new();
            for use_name in facts.uses.iter().chain(&facts.local_uses) {
                match &use_name.name {
                    // A re-export is a dependency only if the file uses it itself.
                    Some(name) if use_name.public && !facts.idents.contains(name) => {}
                    Some(_) => found.extend(resolve(&modules, id, &use_name.path, &mut BTreeSet::new())),
                    None => {
                        if let Some(Target::Module(glob)) = resolve(&modules, id, &use_name.path, &mut BTreeSet::new())
                        {
                            for name in &facts.idents {
                                found.extend(lookup(&modules, glob, name, &mut BTreeSet::new()));
                            }
                        }
                    }
                }
            }
            for path in &facts.paths {
                // A path starts at `crate`, `self`, `super`, a child module or
                // a name the file brought in; anything else is another crate.
                let first = &path[0];
                let known = matches!(first.as_str(), "crate" | "self" | "super")
                    || module.children.contains_key(first)
                    || facts.uses.iter().chain(&facts.local_uses).any(|u| u.name.as_ref() == Some(first));
                if !known {
                    continue;
                }
                let local = facts.local_uses.iter().find(|u| u.name.as_ref() == Some(first));
                let resolved = match local {
                    Some(use_name) => {
                        let mut full = use_name.path.clone();
                        full.extend(path[1..].iter().cloned());
                        resolve(&modules, id, &full, &mut BTreeSet::new())
                    }
                    None => resolve(&modules, id, path, &mut BTreeSet::new()),
                };
                found.extend(resolved);
            }
            for target in found {
                if let Target::Item { file, name } = target
                    && file != module.file
                {
                    edges.entry((module.file.clone(), file)).or_default().insert(name);
                }
            }
        }
        Graph { files: modules.iter().map(|module| module.file.clone()).collect(), edges }
    }

    /// One shortest loop through each file that is on a loop, without
    /// repeats: each is a list of files, the first one not repeated at the end.
    fn cycles(&self) -> Vec<Vec<String>> {
        let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (from, to) in self.edges.keys() {
            next.entry(from).or_default().push(to);
        }
        let mut cycles: BTreeSet<Vec<String>> = BTreeSet::new();
        for start in &self.files {
            // Breadth first from `start` back to itself.
            let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
            let mut queue = VecDeque::from([start.as_str()]);
            let mut closing = None;
            'search: while let Some(at) = queue.pop_front() {
                for &to in next.get(at).into_iter().flatten() {
                    if to == start {
                        closing = Some(at);
                        break 'search;
                    }
                    if !came_from.contains_key(to) {
                        came_from.insert(to, at);
                        queue.push_back(to);
                    }
                }
            }
            let Some(mut at) = closing else { continue };
            let mut cycle = vec![at.to_string()];
            while at != start {
                at = came_from[at];
                cycle.push(at.to_string());
            }
            cycle.reverse();
            // The same loop found from another of its files: start it at its least.
            let least = (0..cycle.len()).min_by_key(|&k| &cycle[k]).unwrap();
            cycle.rotate_left(least);
            cycles.insert(cycle);
        }
        cycles.into_iter().collect()
    }

    /// `a.rs -> b.rs (Name) -> c.rs (Other) -> a.rs (Third)`.
    fn describe(&self, cycle: &[String]) -> String {
        let mut text = cycle[0].clone();
        for k in 0..cycle.len() {
            let (from, to) = (&cycle[k], &cycle[(k + 1) % cycle.len()]);
            let names = &self.edges[&(from.clone(), to.clone())];
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            text.push_str(&format!(" -> {to} ({})", names.join(", ")));
        }
        text
    }
}

/// What `path`, written in `module`, names.
fn resolve(modules: &[Module], module: usize, path: &[String], seen: &mut BTreeSet<(usize, String)>) -> Option<Target> {
    let mut at = module;
    let mut rest = path;
    match path.first()?.as_str() {
        "crate" => {
            at = 0;
            rest = &path[1..];
        }
        "self" => rest = &path[1..],
        "super" => {
            while rest.first().is_some_and(|part| part == "super") {
                at = modules[at].parent?;
                rest = &rest[1..];
            }
        }
        _ => {}
    }
    if rest.is_empty() {
        return Some(Target::Module(at));
    }
    for (k, part) in rest.iter().enumerate() {
        match lookup(modules, at, part, seen)? {
            Target::Module(inner) => at = inner,
            // `Type::method`, `Enum::Variant`: the item is what is used.
            item => return Some(item),
        }
        if k == rest.len() - 1 {
            return Some(Target::Module(at));
        }
    }
    None
}

/// What `name` means inside `module`: a child module, an item defined there,
/// or what a `use` there brings in.
fn lookup(modules: &[Module], module: usize, name: &str, seen: &mut BTreeSet<(usize, String)>) -> Option<Target> {
    if !seen.insert((module, name.to_string())) {
        return None;
    }
    let here = &modules[module];
    if let Some(&child) = here.children.get(name) {
        return Some(Target::Module(child));
    }
    if here.items.contains(name) {
        return Some(Target::Item { file: here.file.clone(), name: name.to_string() });
    }
    for use_name in &here.uses {
        if use_name.name.as_deref() == Some(name) {
            return resolve(modules, module, &use_name.path, seen);
        }
    }
    for use_name in here.uses.iter().filter(|u| u.name.is_none()) {
        if let Some(Target::Module(glob)) = resolve(modules, module, &use_name.path, seen)
            && let Some(found) = lookup(modules, glob, name, seen)
        {
            return Some(found);
        }
    }
    None
}
