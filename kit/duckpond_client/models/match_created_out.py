from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.match_created_out_status import MatchCreatedOutStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.match_created_out_options import MatchCreatedOutOptions
  from ..models.match_created_out_outside import MatchCreatedOutOutside
  from ..models.progress_out import ProgressOut
  from ..models.results_out import ResultsOut





T = TypeVar("T", bound="MatchCreatedOut")



@_attrs_define
class MatchCreatedOut:
    """ 
        Attributes:
            bots (list[str]):
            game (str):
            games (int):
            host_token (str): The creator's token, shown only in this answer: it may cancel the match (`POST .../cancel`).
            id (str):
            options (MatchCreatedOutOptions):
            progress (ProgressOut):
            results (ResultsOut):
            rotations (list[list[str]]): The seat -> bot assignments each game is played with.
            seed (None | str): The match's seed (game i is dealt from `{seed}:{i}`); null while a match with outside bots
                runs, whose bots must not learn the deals to come.
            status (MatchCreatedOutStatus): `cancelled`: its host stopped it; results cover the games recorded until then.
            concurrency (int | Unset): With outside bots: the most of its games live at once.
            move_seconds (int | Unset): With outside bots: the seconds each of their moves may take.
            outside (MatchCreatedOutOutside | Unset): The outside bots of the match: name -> the name of the app key that
                owns it ({} for a match of built-in bots).
            rated (bool | Unset): Whether its games reach the ratings ladder: false for a match with outside bots whose
                creator chose the `seed` (who knows the seed knows every deal its bot will play).
     """

    bots: list[str]
    game: str
    games: int
    host_token: str
    id: str
    options: MatchCreatedOutOptions
    progress: ProgressOut
    results: ResultsOut
    rotations: list[list[str]]
    seed: None | str
    status: MatchCreatedOutStatus
    concurrency: int | Unset = UNSET
    move_seconds: int | Unset = UNSET
    outside: MatchCreatedOutOutside | Unset = UNSET
    rated: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match_created_out_options import MatchCreatedOutOptions # noqa: PLC0415
        from ..models.match_created_out_outside import MatchCreatedOutOutside # noqa: PLC0415
        from ..models.progress_out import ProgressOut # noqa: PLC0415
        from ..models.results_out import ResultsOut # noqa: PLC0415
        bots = self.bots



        game = self.game

        games = self.games

        host_token = self.host_token

        id = self.id

        options = self.options.to_dict()

        progress = self.progress.to_dict()

        results = self.results.to_dict()

        rotations = []
        for rotations_item_data in self.rotations:
            rotations_item = rotations_item_data


            rotations.append(rotations_item)



        seed: None | str
        seed = self.seed

        status = self.status.value

        concurrency = self.concurrency

        move_seconds = self.move_seconds

        outside: dict[str, Any] | Unset = UNSET
        if not isinstance(self.outside, Unset):
            outside = self.outside.to_dict()

        rated = self.rated


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bots": bots,
            "game": game,
            "games": games,
            "host_token": host_token,
            "id": id,
            "options": options,
            "progress": progress,
            "results": results,
            "rotations": rotations,
            "seed": seed,
            "status": status,
        })
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if move_seconds is not UNSET:
            field_dict["move_seconds"] = move_seconds
        if outside is not UNSET:
            field_dict["outside"] = outside
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_created_out_options import MatchCreatedOutOptions # noqa: PLC0415
        from ..models.match_created_out_outside import MatchCreatedOutOutside # noqa: PLC0415
        from ..models.progress_out import ProgressOut # noqa: PLC0415
        from ..models.results_out import ResultsOut # noqa: PLC0415
        d = dict(src_dict)
        bots = cast(list[str], d.pop("bots"))


        game = d.pop("game")

        games = d.pop("games")

        host_token = d.pop("host_token")

        id = d.pop("id")

        options = MatchCreatedOutOptions.from_dict(d.pop("options"))




        progress = ProgressOut.from_dict(d.pop("progress"))




        results = ResultsOut.from_dict(d.pop("results"))




        rotations = []
        _rotations = d.pop("rotations")
        for rotations_item_data in (_rotations):
            rotations_item = cast(list[str], rotations_item_data)

            rotations.append(rotations_item)


        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))


        status = MatchCreatedOutStatus(d.pop("status"))




        concurrency = d.pop("concurrency", UNSET)

        move_seconds = d.pop("move_seconds", UNSET)

        _outside = d.pop("outside", UNSET)
        outside: MatchCreatedOutOutside | Unset
        if isinstance(_outside,  Unset):
            outside = UNSET
        else:
            outside = MatchCreatedOutOutside.from_dict(_outside)




        rated = d.pop("rated", UNSET)

        match_created_out = cls(
            bots=bots,
            game=game,
            games=games,
            host_token=host_token,
            id=id,
            options=options,
            progress=progress,
            results=results,
            rotations=rotations,
            seed=seed,
            status=status,
            concurrency=concurrency,
            move_seconds=move_seconds,
            outside=outside,
            rated=rated,
        )


        match_created_out.additional_properties = d
        return match_created_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
