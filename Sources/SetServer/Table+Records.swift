import SetCore
import SetHost
import SetTournament

// Where the hall's records come from when it starts: the history folded from the folder, the tables
// the last hall record left open, and a tournament taken up again from its record.
extension Table {
  /// Folds the records already in `directory` into the players' history, so ratings survive restarts,
  /// opens again the tables the newest hall record left open, and opens a new record for each table
  /// and one for the hall there. A record that cannot be read is skipped with a warning naming it; a
  /// missing folder holds none. Throws if a new record cannot be made.
  func openRecords(in directory: String) throws {
    if let folded = try? RecordsFolder.fold(directory) {
      for warning in folded.warnings { log(.warning, warning) }
      hall.replaceHistory(folded.history)
      log(.info, "\(folded.files) records read: \(folded.history.players.count) players, \(folded.history.games) games")
    }
    let reopened = HallRecordFile.openTables(in: directory)
    for warning in reopened.warnings { log(.warning, warning) }
    self.directory = directory
    hallRecord = try HallRecordFile.create(in: directory)
    // The games that were running when the server was killed: their clock goes on from the last time
    // their records noted, so the time the server was down counts for no one.
    let unfinished = reopened.records.compactMapValues { Self.unfinishedGame(in: directory + "/" + $0) }
    if let last = unfinished.values.map(\.replay.lastInstant).max() {
      clockOffset = max(clockOffset, last.nanoseconds - now().nanoseconds + clockOffset)
    }
    var first = hall.tableInfos[0]
    if let game = unfinished[1], takeUp(first, game) {
      first = hall.tableInfos[0]
    } else {
      records[1] = try RecordFile(directory: directory, seed: first.seed, rules: first.rules)
    }
    hallRecord?.write(HallRecordLine.open(first).line)
    noteRecord(of: 1)
    for var info in reopened.tables {
      if let game = unfinished[info.id], takeUp(info, game) { continue }
      info.seed = hall.nextSeed()  // the same table, dealt afresh
      perform(hall.open(info, at: now()).1)
      log(.info, "table \(info.id) (\(info.name)) opened again")
    }
  }

  /// A table's record whose game may be taken up again: one that does not end cleanly (the server was
  /// killed), read as far as its last whole line; nil for one that cannot be read or ends cleanly.
  static func unfinishedGame(in path: String) -> (replay: Replay, length: Int, path: String)? {
    guard let text = try? RecordFile.contents(of: path) else { return nil }
    var whole = Substring(text)
    if let end = whole.utf8.lastIndex(of: UInt8(ascii: "\n")) {
      whole = whole[...end]
    } else {
      return nil
    }
    guard let replay = try? Replay(text: String(whole)), replay.unfinished != nil else { return nil }
    return (replay, whole.utf8.count, path)
  }

  /// Takes table `info` up again from its record's `game`, appending to the same record; false,
  /// changing nothing, when no game was running there or it does not replay (the table is dealt afresh).
  private func takeUp(_ info: HallTableInfo, _ game: (replay: Replay, length: Int, path: String)) -> Bool {
    let (id, actions) = hall.rebuild(info, from: game.replay, at: now())
    guard let id else { return false }
    do {
      records[id] = try RecordFile(continuing: game.path, after: game.length)
    } catch {
      log(.error, "table \(id): \(error); its games go unrecorded")
    }
    perform(actions)
    log(.info, "table \(id): the game that was running goes on from \(game.path), its seats held for their players")
    return true
  }

  /// Notes in the hall's record which file table `id`'s games are recorded in.
  func noteRecord(of id: Int) {
    guard let record = records[id] else { return }
    hallRecord?.write(HallRecordLine.record(id, file: Self.fileName(record.path)).line)
  }

  /// The hall runs a tournament of `settings` (its start time counted from now), whose orders
  /// `organiser` may give; its record is made in the records folder, if one is open. If the folder
  /// holds an unfinished tournament of the same format, that one goes on from its record instead, its
  /// clock from the time the record last noted.
  func holdTournament(_ settings: TournamentSettings, startIn milliseconds: Int64, organiser: String?) throws {
    if let directory, let taken = TournamentRecordFile.unfinished(in: directory, format: settings.formatName) {
      for warning in taken.warnings { log(.warning, warning) }
      tournamentRecord = try RecordFile(continuing: taken.path)
      clockOffset = max(clockOffset, taken.lastInstant.nanoseconds - now().nanoseconds + clockOffset)
      log(.info, "the tournament in \(taken.path) goes on from its record")
      perform(hall.resume(taken.tournament, organiser: organiser, record: Self.fileName(taken.path), at: now()))
      return
    }
    var settings = settings
    settings.startAt = now().adding(milliseconds: milliseconds)
    if let directory {
      tournamentRecord = try RecordFile(
        directory: directory, kind: "tournament", tag: "-\(settings.formatName)", extension: "tournament",
        header: [TournamentRecord.header(settings)])
    }
    perform(
      hall.hold(
        Tournament(settings: settings), organiser: organiser, record: tournamentRecord.map { Self.fileName($0.path) },
        at: now()))
  }

  /// A path's last component: the file name in the records folder.
  static func fileName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }
}
