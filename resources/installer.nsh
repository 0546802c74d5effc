; issue 22: the installer registers bitstone-hub:// links (electron-builder.yml's protocols cover
; Linux and macOS only), so a link works before the app's first start; the app registers itself
; again at every start (electron/deep-links.ts). SHELL_CONTEXT is the per-user or per-machine
; hive the installer was run for.
!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\bitstone-hub" "" "URL:Bitstone Hub"
  WriteRegStr SHELL_CONTEXT "Software\Classes\bitstone-hub" "URL Protocol" ""
  WriteRegStr SHELL_CONTEXT "Software\Classes\bitstone-hub\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\bitstone-hub\shell\open\command" "" '"$appExe" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHELL_CONTEXT "Software\Classes\bitstone-hub"
!macroend
