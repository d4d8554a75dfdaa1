# The players' languages (issue 22 §3, docs/translating.md): po/<lang>.po compiled by msgfmt
# (Debian's gettext) into the build's locale/<lang>/LC_MESSAGES/gabata.mo, where the program run
# from the build finds them (cli/i18n.c), and installed under share/locale. Without msgfmt the
# program builds and speaks English only.
set(GABATA_LANGUAGES ar am ti om)
find_program(GABATA_MSGFMT msgfmt)
set(GABATA_MO_FILES "")
if(GABATA_MSGFMT)
  foreach(lang ${GABATA_LANGUAGES})
    set(po ${PROJECT_SOURCE_DIR}/po/${lang}.po)
    if(NOT EXISTS ${po})
      continue()
    endif()
    set(mo ${CMAKE_CURRENT_BINARY_DIR}/locale/${lang}/LC_MESSAGES/gabata.mo)
    # --check-format: a translation whose printf conversions differ from the English fails the build
    add_custom_command(
      OUTPUT ${mo}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/locale/${lang}/LC_MESSAGES
      COMMAND ${GABATA_MSGFMT} --check-format --check-header -o ${mo} ${po}
      DEPENDS ${po}
      COMMENT "Compiling the ${lang} catalog (msgfmt)"
      VERBATIM)
    list(APPEND GABATA_MO_FILES ${mo})
    install(FILES ${mo} DESTINATION ${CMAKE_INSTALL_LOCALEDIR}/${lang}/LC_MESSAGES)
  endforeach()
  add_custom_target(gabata_catalogs ALL DEPENDS ${GABATA_MO_FILES})
  message(STATUS "The program's languages: en ${GABATA_LANGUAGES} (${GABATA_MSGFMT})")
else()
  message(STATUS "No msgfmt (Debian: gettext): the program speaks English only")
endif()
