// Instants, seats and the seeded generator are part of the rules' vocabulary: whoever uses the rules
// gets them with `import SetCore`.
@_exported import SetBase
