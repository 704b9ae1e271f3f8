import SetBase

/// Lines read and not yet handled, and the order they are handled in: within a group (a table of the
/// hall), in the order they reached the machine; between groups, by the time each has had, fairly.
///
/// One event loop serves every table of a hall. Handled strictly in the order of arrival, a quiet
/// table's line read just after a batch of busy tables' lines waits for the whole batch; in turns by
/// the line, it waits for a round of every busy table. Here each group has a virtual time, the
/// nanoseconds its lines took to handle (`charge`), and the group with the least goes next, as the
/// kernel's fair scheduler runs threads: a group that had nothing waiting comes back no further behind
/// the others than `sleeperCredit`, so a quiet table, which takes far less than its share, goes before
/// every busy one, and waits for the line being handled only; a table that asks for more than its share
/// gets its share. The order that decides a game, of two claims at one table the first to arrive, is
/// kept: it is the order within a group.
package struct DeliveryTurns<Item> {
  /// What orders a waiting item, kept apart from the items so that finding the next one copies none.
  private struct Key {
    /// The item's group's place in `groups`.
    let slot: Int
    let time: Instant
    let order: UInt64
    /// Where the item came from (a connection), if said.
    let source: UInt64?
  }

  /// What is kept of a group: its virtual time, the nanoseconds of handling charged to it from a start
  /// that keeps it within `sleeperCredit` of the others when it comes back after a quiet spell, and how
  /// many items it has waiting.
  private struct Group {
    let id: Int
    var virtualTime: Int64
    var waiting = 0
  }

  /// The items waiting, and their keys at the same indices.
  private var keys: [Key] = []
  private var items: [Item] = []
  /// The groups known, and where each is in `groups`: finding the next item reads their virtual times
  /// by place, with no hashing.
  private var groups: [Group] = []
  private var slots: [Int: Int] = [:]
  /// The virtual time of the group served last: the time groups coming back are measured against.
  private var now: Int64 = 0
  /// The place of the group of the item `next()` gave last, charged by `charge(_:)`.
  private var lastSlot: Int?
  /// For each source with items waiting, the place of their group and how many wait: a source's
  /// items wait in one group, so they go in the order they came even if its group changes meanwhile
  /// (a connection that moves to another table with lines still waiting).
  private var sources: [UInt64: (slot: Int, count: Int)] = [:]

  /// How far behind the group served last a group that had nothing waiting may come back: a quiet
  /// table's lead over busy ones, in nanoseconds of handling (1 ms: some fifty busy tables' moves).
  package static var sleeperCredit: Int64 { 1_000_000 }
  /// How many groups are kept before those with nothing waiting and no lead left are forgotten (they
  /// would come back at the same place).
  package static var remembered: Int { 1_024 }

  package init() {}

  package var isEmpty: Bool { keys.isEmpty }
  /// How many items wait.
  package var count: Int { keys.count }
  /// How many groups are kept (for tests).
  package var rememberedCount: Int { groups.count }

  /// Waits `item`, read from `source` (a connection) of `group` with the kernel's arrival `time`;
  /// `order` (the count of reads) breaks ties in time and keeps one connection's reads in order. While
  /// items of `source` wait, the item waits in their group, whatever `group` says now.
  package mutating func add(_ item: Item, group: Int, source: UInt64? = nil, time: Instant, order: UInt64) {
    let slot = source.flatMap { sources[$0]?.slot } ?? place(of: group)
    groups[slot].waiting += 1
    if let source { sources[source, default: (slot, 0)].count += 1 }
    keys.append(Key(slot: slot, time: time, order: order, source: source))
    items.append(item)
  }

  /// Removes the item at `index`, and its count from its group and its source.
  private mutating func remove(at index: Int) -> Item {
    let key = keys.remove(at: index)
    groups[key.slot].waiting -= 1
    if let source = key.source {
      if let left = sources[source]?.count, left > 1 {
        sources[source]?.count = left - 1
      } else {
        sources[source] = nil
      }
    }
    let item = items.remove(at: index)
    if keys.isEmpty && keys.capacity > Self.keptCapacity {
      // After a burst (thousands of connections opening at once), the memory it took goes back.
      keys = []
      items = []
      sources = [:]
    }
    return item
  }

  /// How many waiting items' room is kept once none wait: a busy hall's turn, not a burst's.
  static var keptCapacity: Int { 256 }

  /// Notes that an item of `group` was handled, taking `nanoseconds`, without waiting here: it came
  /// alone, with nothing else waiting. Its group is charged as if `next()` had given it.
  package mutating func handledAlone(in group: Int, taking nanoseconds: Int64) {
    let slot = place(of: group)
    now = max(now, groups[slot].virtualTime)
    groups[slot].virtualTime += max(0, nanoseconds)
  }

  /// Where `group` is kept, made for a new one; a group that had nothing waiting comes back no
  /// further behind than the credit.
  private mutating func place(of group: Int) -> Int {
    if let known = slots[group] {
      if groups[known].waiting == 0 {
        groups[known].virtualTime = max(groups[known].virtualTime, now - Self.sleeperCredit)
      }
      return known
    }
    if groups.count >= 2 * Self.remembered { forgetQuietGroups() }
    slots[group] = groups.count
    groups.append(Group(id: group, virtualTime: now - Self.sleeperCredit))
    return groups.count - 1
  }

  /// The next item to handle, taken out: of the groups with something waiting, the one with the least
  /// virtual time (of two alike, the one whose first item arrived first); of its items, the first to
  /// arrive. Charge what handling it took with `charge(_:)`.
  package mutating func next() -> Item? {
    guard !keys.isEmpty else { return nil }
    // The least (virtual time, time, order): the group that had least, and the first of its items
    // (they share the virtual time).
    var best = 0
    var bestKey = (groups[keys[0].slot].virtualTime, keys[0].time, keys[0].order)
    for index in 1..<keys.count {
      let key = (groups[keys[index].slot].virtualTime, keys[index].time, keys[index].order)
      if key < bestKey {
        best = index
        bestKey = key
      }
    }
    now = max(now, bestKey.0)
    lastSlot = keys[best].slot
    return remove(at: best)
  }

  /// Charges the group of the item `next()` gave last with `nanoseconds` of handling.
  package mutating func charge(_ nanoseconds: Int64) {
    guard let slot = lastSlot else { return }
    groups[slot].virtualTime += max(0, nanoseconds)
  }

  /// Takes out every item of `chosen` groups (nil: of every group), in the order they arrived: before a
  /// deadline is acted on, or a connection's end, everything that came before it is handled.
  package mutating func takeAll(of chosen: Set<Int>? = nil) -> [Item] {
    let indices = keys.indices.filter { chosen?.contains(groups[keys[$0].slot].id) ?? true }
    guard !indices.isEmpty else { return [] }
    let ordered = indices.sorted { (keys[$0].time, keys[$0].order) < (keys[$1].time, keys[$1].order) }
    let taken = ordered.map { items[$0] }
    for index in indices.reversed() { _ = remove(at: index) }
    return taken
  }

  /// Forgets the groups with nothing waiting whose virtual time is a full credit behind: they would
  /// come back at that same place. The memory stays bounded however many tables open and close.
  private mutating func forgetQuietGroups() {
    let kept = groups.indices.filter { groups[$0].waiting > 0 || groups[$0].virtualTime > now - Self.sleeperCredit }
    var moved: [Int: Int] = [:]
    for (place, old) in kept.enumerated() { moved[old] = place }
    groups = kept.map { groups[$0] }
    slots = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($0.element.id, $0.offset) })
    keys = keys.map { Key(slot: moved[$0.slot]!, time: $0.time, order: $0.order, source: $0.source) }
    sources = sources.mapValues { (moved[$0.slot]!, $0.count) }
    lastSlot = lastSlot.flatMap { moved[$0] }
  }
}
