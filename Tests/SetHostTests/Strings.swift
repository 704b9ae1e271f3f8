extension String {
  /// The text with every `target` in it replaced by `replacement`.
  func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
