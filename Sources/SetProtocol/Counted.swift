/// A number with its noun in agreement, for every text a person reads: `1 set`, `2 sets`,
/// `1 wrong pick`, `0 wrong picks`.
public enum Counted {
  /// `n` and `noun`, made plural (by `plural`, else an added `s`) unless `n` is 1.
  public static func of(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
  }
}
