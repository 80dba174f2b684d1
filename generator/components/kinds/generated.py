"""generated: a board made by seeded code from its ``params`` (generator/generators/: a random
homeland, a clustered map, an arrangement of the game's hex tiles); it prints as the board it makes."""

from ...model.kinds import UNITS, ComponentKind, Family, register

KIND = register(ComponentKind("generated", Family.GENERATED, "a board made by a generator", refused=UNITS))
