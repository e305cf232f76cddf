"""Game modules on the kernel: Duel Masters (the flagship), later Magic and Monster Collection."""
