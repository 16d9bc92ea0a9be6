# Refusals: the sentence a user reads when the bot will not do what they asked.

color-white = White
color-black = Black

err-challenge-self = You cannot challenge yourself; pick another member as your opponent.
err-channel-has-game = This channel already has a live game. Start a thread and send your challenge there.
err-channel-has-challenge = Challenges are waiting in this channel. Play me in another channel or a thread, or once they are answered.
err-duplicate-challenge = You have already challenged that player in this channel; wait for their answer.
err-too-many-challenges = You already have { $limit ->
        [one] an open challenge
       *[other] { $limit } open challenges
    } in this server, the most allowed. Cancel one, or wait until they are answered.
err-several-challenges = { $count } challenges here fit: use the buttons under the one you mean, or name the other player in the command.
err-no-challenge-with = There is no open challenge between you and that player in this channel.
err-opponent-is-bot = Bots cannot play here, except me: challenge a member, or name me as your opponent to play against my engine.
err-level-out-of-range = The level must be from 1 (weakest) to 10 (strongest); { $level } is out of range.
err-analysis-of-live-game = No analysis while this channel's game is being played: in correspondence games an engine must not play for the players. Ask again once the game is over.
err-analysis-of-live-position = That is the current position of a live game in this server, so I will not analyze it until that game is over.
err-cooling-down = You asked for this a moment ago, and it keeps a core busy for a while: you can ask again in { $seconds ->
        [one] 1 second.
       *[other] { $seconds } seconds.
    }
err-nothing-to-analyze = There is no finished game in this channel to review; give a position (a PDN FEN such as `W:W1-12:B21-32`) to analyze it.
err-days-out-of-range = Days per move must be between 1 and 14; { $days } is out of range.
err-time-control-unreadable = I can't read the time control `{ $text }`. Write days per move, like `3d/move`, or a bank with an increment and a maximum, like `5d+1d max 10d` (`h` for hours).
err-time-control-out-of-range = The time control `{ $text }` is outside the limits: 1 to 14 days per move, or a bank of 1 to 30 days, an increment of 1 hour to 7 days, and a maximum from the bank up to 60 days.
err-time-control-twice = Give either `days` or `time`, not both.
err-unknown-time-zone = I don't know the time zone `{ $zone }`. Use a name from the time-zone database, like `Europe/Madrid` or `America/Mexico_City` (the option suggests them as you type).
err-start-decided = That start position is already decided: the side to move has no legal move.
err-match-terms = A match is four classic games from the usual start between two people: leave out the variant and the position, and challenge a person.
err-no-challenge = There is no open challenge in this channel.
err-stale-challenge = Challenge #{ $id } is no longer open; it was already answered, cancelled or it expired.
err-challenge-expired = This challenge expired: challenges stay open for 48 hours.
err-not-challenged = Only the challenged player can accept or decline this challenge.
err-not-challenger = Only the player who made this challenge can cancel it.
err-no-game = There is no live game in this channel.
err-not-moderator = Only a moderator (Manage Messages, or Manage Threads in a thread) can abort a game or close challenges here; players can abort their own game until each side has moved once.
err-abort-too-late = Each side has moved already, so the game can no longer be aborted by a player: resign, offer a draw, or ask a moderator.
err-nothing-to-abort = There is no live game and no open challenge in this channel to abort.
err-game-elsewhere = Game #{ $game } is played in { $channel }: use the command there.
err-game-not-found = There is no game #{ $game } in this server.
err-no-game-in-channel = No game has been played in this channel yet; give a game number to see one from elsewhere in this server.
err-not-a-player = You are not playing in this game.
err-not-your-turn = It is not your turn; wait for your opponent's move.
err-position-changed = The position changed before your command arrived (a move was played or the game changed); look at the board again and retry if you still want to.
err-time-up = Time is up: the deadline for this move has passed, so the game is lost on time.
err-more-time-own-move = It is your move: more time is given to your opponent, while they are to move.
err-more-time-for-bot = The bot needs no more time: it answers at once.
err-more-time-days = More time is 1 to 7 days at once; { $days } is out of range.
err-vacation-off = This server gives no vacation days (those who manage it can set some with `/settings vacation-days`).
err-already-on-vacation = You are on vacation already: `/vacation` shows until when; `/vacation action:end` ends it.
err-no-vacation-days-left = You have no vacation day left this year in this server.
err-not-on-vacation = You are not on vacation.
err-vacation-days-out-of-range = Vacation days are 0 to 60 a year; { $days } is out of range.
err-game-over = This game is already over.
err-draw-already-offered = You have already offered a draw; it stands until your opponent moves or answers it.
err-draw-offer-pending = Your opponent has already offered you a draw; accept or decline it instead.
err-no-draw-offer = There is no draw offer to answer.
err-own-draw-offer = You cannot answer your own draw offer; your opponent has to.
err-not-your-draw-offer = This draw offer is your opponent's: only they can withdraw it. Accept or decline it instead.
err-no-move-to-take-back = You can only take back your own last move, before your opponent replies to it.
err-takeback-already-asked = You have already asked to take back your move; the request stands until your opponent answers it or moves.
err-no-takeback-request = There is no takeback request to answer.
err-own-takeback-request = You cannot answer your own takeback request; your opponent has to.
err-takeback-too-late = That move can no longer be taken back: the time you had for it has run out since.

# A move that is not notation, or not legal here (RULES 6.1-6.3).
move-not-notation = `{ $text }` is not a move: { $reason }. Write moves like 11-15 or 22x13.
move-empty = it is empty
move-stray-character = `{ $character }` is neither a square number nor a separator
move-not-a-square = { $token } is not a square number (1-32)
move-too-few-squares = a move needs a start and an end square
move-too-many-squares = it has more squares than any move
move-capture-required = `{ $text }` is not legal: capture is compulsory, and only the captures that take the most pieces (then the most kings) may be played: { $captures }.
move-no-such-move = `{ $text }` is not legal here: { $reason }.
move-no-legal-move = { $side } has no legal move
move-empty-square = square { $square } is empty
move-not-your-piece = the piece on { $square } is { $owner }'s, and it is { $turn }'s turn
move-piece-cannot-move = the piece on { $square } cannot move
move-piece-moves = the piece on { $square } can play { $moves }
move-not-legal = it is not a legal move of this position
move-ambiguous = `{ $text }` is ambiguous: write one of { $candidates }.

# A position given as PDN FEN that cannot be read (RULES 6.4).
fen-bad = That is not a valid PDN FEN position (at character { $at }: { $reason }). The start is `W:W1-12:B21-32`.
fen-the-end = the end
fen-empty = the text is empty
fen-expected-side = expected W or B, found { $found }
fen-expected-square = expected a square number, found { $found }
fen-square-out-of-range = square { $square } is not in 1-32
fen-expected-colon = expected `:`, found { $found }
fen-expected-separator = expected `,` or `:`, found { $found }
fen-listed-twice = { $side }'s pieces are listed twice
fen-range-backwards = the range { $range } runs backwards
fen-square-twice = square { $square } holds two pieces
fen-man-on-far-rank = a { $side } man cannot stand on square { $square }: it would be a king there
fen-too-many-pieces = { $side } has { $count } pieces; at most 12 are possible
err-not-server-manager = Only someone who manages the server (Manage Server) can change this setting.
err-own-challenge = This is your own challenge: someone else must accept it (you may Cancel it).
err-bot-cannot-accept = Bot accounts cannot accept challenges.
err-challenge-taken = Someone else accepted this challenge first.
err-outside-rating-range = This challenge is for players rated within { $range } points of its challenger ({ $challenger }); your rating here is { $rating }.
err-rating-range-terms = A rating range is only for rated open challenges (without an opponent).
err-rating-range-out-of-range = A rating range must be between { $min } and { $max } points; { $range } is out of range.

# Premoves
err-premove-on-your-move = It is your move: play it with `/move`. Premoves are your replies to your opponent's next move.
err-premove-line-shape = A premove line starts with your opponent's expected move and alternates, ending on your reply: an even number of moves, at most { $max }.
err-premove-move = Move { $number } of the line cannot be played there: { $reason }
err-premove-conflict = After { $after } your premoves already reply { $stored }, not { $new }. Keep one reply, or clear your premoves (`/premove clear:True`) and enter them again.
err-too-many-premoves = You can keep at most { $max } premove lines in a game.
