import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { AnnouncementReads } from '../../reads/announcement.reads.js';
import { announcementCommand } from './content-commands.js';
import { AdminAnnouncementView, SavedAnnouncementView } from './content-response.js';

export class AnnouncementDto {
  @ApiProperty({ example: 'Free shipping over 1,499 EGP this week!' })
  @IsString({ message: 'Text is required' })
  @MaxLength(500, { message: 'Announcement must be at most 500 characters' })
  text!: string;
}

@ApiTags('admin: announcement')
@AdminOnly('settings.manage')
@Controller('admin/announcement')
export class AdminAnnouncementController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly announcement: AnnouncementReads,
  ) {}

  @Get()
  @ReadsProjections('announcement')
  @ApiOkResponse({ type: AdminAnnouncementView })
  getAdminAnnouncement(): Promise<AdminAnnouncementView> {
    return this.announcement.forAdmin();
  }

  /** Both forms of the old admin: POST and PATCH with { text }, answering { text }. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: SavedAnnouncementView })
  saveAnnouncement(@Body() dto: AnnouncementDto): Promise<SavedAnnouncementView> {
    return this.change(dto.text);
  }

  @Patch()
  @ApiOkResponse({ type: SavedAnnouncementView })
  patchAnnouncement(@Body() dto: AnnouncementDto): Promise<SavedAnnouncementView> {
    return this.change(dto.text);
  }

  private async change(text: string): Promise<SavedAnnouncementView> {
    const { state } = await this.commandBus.execute(announcementCommand({ type: 'ChangeAnnouncement', data: { text } }));
    return { text: state.text };
  }
}
