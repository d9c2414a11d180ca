/// Expected renderings (NO_COLOR), reviewed by eye: exact text of `CellGrid.text`.
enum Snapshots {
    static let favourites80x24 = """
        ‹ Accounts                            Jack
        ────────────────────────────────────────\
        ────────────────────────────────────────
         Today
         Coffee with Jill                                                       09:30 ›
         Release notes                                                yesterday (new) ›

         Pick a favourite to read it. Press Enter to open, Esc to go back.
         [ Refresh ]














        ────────────────────────────────────────\
        ────────────────────────────────────────
          ★ Favourites (3)       @ Mentions       ✉ Messages (12)          … More
        """

    static let topBar40x12 = """
        ‹ Accounts        Jack
         ★ F… (3)  @ Menti…   ✉ (12)    … More
        ────────────────────────────────────────
         Today
         Coffee with Jill               09:30 ›
         Release notes        yesterday (new) ›

         Pick a favourite to read it. Press
         Enter to open, Esc to go back.
         [ Refresh ]


        """

    static let moreList40x12 = """
        ‹ Accounts        More
        ────────────────────────────────────────
         ≡ Lists                              ›
         ☺ Profile                        (1) ›
         ⚙ Settings                           ›





        ────────────────────────────────────────
         ★ Favou…  @ Menti…  ✉ Messa…   … More
        """

    static let cjk40x8 = """
        ‹ アカウント   東京の友達
         山田太郎                  オンライン ›
         Jill                            离线 ›
         😀 Emoji                          ok ›



               ★ 友達            設定 (新)
        """

    static let modal40x12 = """
                        Compose
        ────────────────────────────────────────
        ┌──────────────────────────────────────┐
        │ Write a message to Jill.             │
        │ [ Send ]                             │
        │ [image: logo.png]                    │
        │                                      │
        │                                      │
        │                                      │
        │                                      │
        │                                      │
        └─────────────────────── Esc: dismiss ─┘
        """

    static let modal30x5 = """
             Compose      Esc: dismiss
         Write a message to Jill.
         [ Send ]
         [image: logo.png]

        """

    static let customBar40x8 = """
                        Launcher
               ▶Home◀              Clock
         Add clock                      clock ›




         reloaded clock v2
        """

    static let tiny20x6 = """
        ‹ Acc…  Jack
         Today
         Coffee wi… 09:30 ›
         Release n… (new) ›
                           ▼
          ★    @    ✉    …
        """

    static let tiny12x3 = """
        ‹ A…  Jack
         R… (new) ›▼
         ★  @  ✉  …
        """
}
